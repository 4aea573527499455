import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { documentDetailSchema, documentIntegrityMessages, documentVerificationSchema, type DocumentDetail } from '@spotter/shared';
import { TEST_NOW, createTestApp, fixClock, type ApiClient, type TestApp } from '../../../test/helper';
import type { Athlete } from '../../../test/factories';
import { sqlState } from '../../db/client';
import { athletes, documentSignatures, documentTemplates, documentTemplateVersions, documents } from '../../db/schema';
import { issueDocuments } from './documents.service';

/**
 * Issue 32 item 9 (decision 041): signed documents and their signatures refuse DELETE at the database, and a changed
 * byte in a signed document's stored content is reported by the document's page, its PDF and an owner's Verify.
 */

fixClock(TEST_NOW);

let t: TestApp;
type KioskGym = Awaited<ReturnType<TestApp['make']['kioskGym']>>;
let w: KioskGym;
let owner: ApiClient;
let desk: ApiClient;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await t.make.kioskGym({ athletes: 0 });
  owner = await t.as(w.owner);
  desk = await t.as(w.staff);
  const [tpl] = await t.db.insert(documentTemplates).values({ gymId: w.gym.id, type: 'waiver', title: 'Liability Waiver' }).returning();
  await t.db
    .insert(documentTemplateVersions)
    .values({ gymId: w.gym.id, templateId: tpl!.id, version: 1, title: 'Liability Waiver', body: '<p>I, {{athlete.fullName}}, train at my own risk.</p>' });
  templateId = tpl!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A new athlete with a login and a document issued to them; signed in the athlete app unless told. */
async function document(o: { sign?: boolean } = {}): Promise<{ id: string; athlete: Athlete; app: ApiClient }> {
  const athlete = await t.make.athlete(w.gym.id, { firstName: 'Dana', lastName: 'Signer' });
  const app = await t.as({ userId: athlete.userId!, profileId: athlete.profileId });
  const issued = await t.db.transaction((tx) =>
    issueDocuments(tx, { gymId: w.gym.id, templateId, athleteIds: [athlete.athleteId], source: 'manual', issuedByProfileId: null }),
  );
  const id = issued.documentIds[0]!;
  if (o.sign !== false) {
    const shown = (await app.get(`/api/me/documents/${id}/`)).json() as DocumentDetail;
    const signed = await app.post(`/api/me/documents/${id}/sign/`, {
      contentSha256: shown.contentSha256,
      method: 'typed',
      typedName: 'Dana Signer',
      agreed: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
  }
  return { id, athlete, app };
}

/** Writes around the triggers, as someone with the database's superuser could (triggers off for this transaction). */
const aroundTriggers = (statement: ReturnType<typeof sql>) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => sqlState(e),
  );
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const verify = (c: ApiClient, id: string) => c.get(`/api/documents/${id}/verify/`);

describe('signed documents and their signatures at the database', () => {
  it('refuse DELETE and TRUNCATE (restrict_violation, 23001), also through an athlete’s cascade; an unsigned document can still go', async () => {
    const { id, athlete } = await document();
    expect(await failureOf(t.db.execute(sql`delete from document_signatures where document_id = ${id}`))).toBe('23001');
    expect(await failureOf(t.db.delete(documents).where(eq(documents.id, id)))).toBe('23001');
    expect(await failureOf(t.db.execute(sql`truncate document_signatures`))).toBe('23001');
    expect(await failureOf(t.db.execute(sql`truncate documents cascade`))).toBe('23001');
    // Deleting the athlete would cascade to the signed record: refused as a whole (anonymising keeps it instead).
    expect(await failureOf(t.db.delete(athletes).where(eq(athletes.id, athlete.athleteId)))).toBe('23001');
    expect(await t.db.select({ id: documentSignatures.id }).from(documentSignatures).where(eq(documentSignatures.documentId, id))).toHaveLength(1);
    expect(await t.db.select({ id: documents.id }).from(documents).where(eq(documents.id, id))).toHaveLength(1);

    const unsigned = await document({ sign: false });
    expect(await failureOf(t.db.delete(documents).where(eq(documents.id, unsigned.id)))).toBeNull();
  });
});

describe('the integrity of a signed document', () => {
  it('is intact on the page, the PDF carries no warning, and an owner’s Verify says so', async () => {
    const { id, app } = await document();
    const page = documentDetailSchema.parse((await desk.get(`/api/documents/${id}/`)).json());
    expect(page.integrity).toEqual({
      state: 'intact',
      message: documentIntegrityMessages.intact,
      recordedSha256: page.signature!.contentSha256,
      computedSha256: page.signature!.contentSha256,
    });
    expect(documentDetailSchema.parse((await app.get(`/api/me/documents/${id}/`)).json()).integrity.state).toBe('intact');
    const pdf = await desk.get(`/api/documents/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).not.toContain('WARNING');
    const res = await verify(owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(documentVerificationSchema.parse(res.json())).toMatchObject({
      documentId: id,
      state: 'intact',
      message: documentIntegrityMessages.intact,
      checkedAt: TEST_NOW,
    });
  });

  it('reports one changed byte of the stored content on the page, in the PDF (still served, with a warning) and in Verify', async () => {
    const { id, app } = await document();
    const [before] = await t.db.select().from(documentSignatures).where(eq(documentSignatures.documentId, id));
    const changed = before!.content.replace('own risk', 'own riak');
    expect(changed).not.toBe(before!.content);
    await aroundTriggers(sql`update document_signatures set content = ${changed} where document_id = ${id}`);
    const computed = createHash('sha256').update(changed, 'utf8').digest('hex');

    for (const res of [await desk.get(`/api/documents/${id}/`), await app.get(`/api/me/documents/${id}/`)]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(documentDetailSchema.parse(res.json()).integrity).toEqual({
        state: 'altered',
        message: documentIntegrityMessages.altered,
        recordedSha256: before!.contentSha256,
        computedSha256: computed,
      });
    }
    for (const res of [await desk.get(`/api/documents/${id}/pdf`), await app.get(`/api/me/documents/${id}/pdf`)]) {
      expect(res.statusCode).toBe(200);
      const pages = pdfText(res.rawPayload)
        .split('\f')
        .filter((p) => p.trim());
      const text = pages.join(' ').replace(/\s+/g, ' ');
      expect(text).toContain('WARNING: This signed document has been altered');
      expect(text).toContain(computed);
      // Every page (the content and the audit trail) carries the warning.
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const page of pages) expect(page.replace(/\s+/g, ' ')).toContain('WARNING: altered copy');
    }
    const res = await verify(owner, id);
    expect(documentVerificationSchema.parse(res.json())).toMatchObject({
      state: 'altered',
      message: documentIntegrityMessages.altered,
      recordedSha256: before!.contentSha256,
      computedSha256: computed,
    });
  });

  it('reports a signed document whose signature row is gone; Verify is an owner’s, and an unsigned document has nothing to verify', async () => {
    const { id } = await document();
    await aroundTriggers(sql`delete from document_signatures where document_id = ${id}`);
    expect(documentDetailSchema.parse((await desk.get(`/api/documents/${id}/`)).json()).integrity).toMatchObject({
      state: 'altered',
      message: documentIntegrityMessages.signatureMissing,
    });
    const pdf = await desk.get(`/api/documents/${id}/pdf`);
    expect([pdf.statusCode, pdf.json().code, pdf.json().message]).toEqual([409, 'signature_missing', documentIntegrityMessages.signatureMissing]);
    expect((await verify(owner, id)).json()).toMatchObject({ state: 'altered', message: documentIntegrityMessages.signatureMissing });

    expect((await verify(desk, id)).statusCode).toBe(403);
    const unsigned = await document({ sign: false });
    expect((await verify(owner, unsigned.id)).json()).toMatchObject({ state: 'unsigned', message: documentIntegrityMessages.unsigned });
    const other = await t.make.kioskGym({ athletes: 0 });
    expect((await verify(await t.as(other.owner), unsigned.id)).statusCode).toBe(404);
  });
});
