import { and, desc, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DocumentRow } from '@spotter/shared';
import type { DbOrTx } from '../../db/client';
import { athletes, documents, gyms, profileLinks, profiles } from '../../db/schema';
import { documentRowQuery, toDocumentRow } from './documents.repository';

/** The athlete app's documents: the caller's own and their dependants' (athletes of the gym linked to the caller's user). */
export async function listMyDocuments(db: DbOrTx, gymId: string, userId: string, tab: 'signed' | string | undefined): Promise<DocumentRow[]> {
  const mineOrDependant = or(
    eq(profiles.userId, userId),
    exists(
      db
        .select({ one: sql`1` })
        .from(profileLinks)
        .where(and(eq(profileLinks.profileId, athletes.profileId), eq(profileLinks.userId, userId))),
    ),
  );
  const state = tab === 'signed' ? isNotNull(documents.signedAt) : and(isNull(documents.signedAt), isNull(documents.voidedAt));
  const rows = await documentRowQuery(db)
    .innerJoin(profiles, eq(profiles.id, athletes.profileId))
    .where(and(eq(documents.gymId, gymId), state, mineOrDependant))
    .orderBy(tab === 'signed' ? desc(documents.signedAt) : desc(documents.issuedAt), desc(documents.id))
    .limit(500);
  return rows.map(toDocumentRow);
}

/** What a document's PDF prints of its gym. */
export async function pdfGymOf(db: DbOrTx, gymId: string) {
  const [gym] = await db.select({ title: gyms.title, timeZone: gyms.timeZone, country: gyms.country }).from(gyms).where(eq(gyms.id, gymId));
  return gym!;
}
