import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDate, renderDocumentBody, toZoned, type GymCountry, type MergeValues } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';

/**
 * Issue 20 (contract-20 H2): each gym's Liability Waiver (required on sign-up; not before booking, so the demo's
 * athletes can book) and Membership Contract (issued on buying a membership package: `linkContractToMemberships`
 * after the catalogue exists), issued to its members. Most signed both (a typed name; the content rendered and hashed
 * as the service does), about one in ten has an unsigned waiver (the kiosk's warning), a couple were voided and issued
 * again. The demo athlete (athlete@example.com) has signed everything. Deterministic: no draws from the seed's PRNG.
 */

const WAIVER = `<h2>Release of liability, waiver of claims and assumption of risk</h2>
<p>I, <strong>{{athlete.fullName}}</strong>, want to train at <strong>{{gym.name}}</strong>.</p>
<ul><li>Date of birth: {{athlete.dateOfBirth}}</li><li>Address: {{athlete.address}}</li></ul>
<p>I understand that strength training, conditioning and group classes involve risks, including muscle strains, joint injuries, heart problems and, in rare cases, serious injury. I confirm that I am in good health, that I will tell a coach about any injury or condition before class, and that I will stop training if I feel unwell.</p>
<ul><li>I will follow the coaches' instructions and use equipment only as shown.</li><li>I accept the risks of training and release {{gym.name}}, its owners and coaches from claims for injury, except those caused by their gross negligence.</li><li>I allow the staff to call emergency services for me if needed.</li></ul>
<p>Signed on {{today}}.</p>`;

const CONTRACT = `<h2>Membership agreement</h2>
<p>This agreement is between <strong>{{gym.name}}</strong> and <strong>{{athlete.fullName}}</strong> for the membership <strong>{{package.name}}</strong> bought at the front desk or online.</p>
<ul><li>Gym address: {{gym.address}}</li><li>Member address: {{athlete.address}}</li></ul>
<ol><li>The membership renews each billing period until cancelled. Payment is taken from the saved payment method on the renewal date.</li><li>Cancel or freeze at the front desk or in the app at least 7 days before the next renewal.</li><li>Classes cancelled later than the class's cut-off, and no-shows, may be charged the fee shown on the timetable.</li><li>Keep your contact details and payment method up to date.</li></ol>
<p>Agreed on {{today}}.</p>`;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const joinAddress = (parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
const DAY = 86_400_000;
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];

/** The waiver and contract of a gym and the documents issued from them. `athleteIds` in a shuffled order (the seed's). */
export async function seedDocuments(db: Tx, gymId: string, athleteIds: string[], now: Date): Promise<void> {
  const [gym] = await db.select().from(t.gyms).where(eq(t.gyms.id, gymId));
  if (!gym || athleteIds.length === 0) return;
  const country = gym.country as GymCountry;
  const issuedLong = new Date(now.getTime() - 120 * DAY);
  const [waiver] = await db
    .insert(t.documentTemplates)
    .values({
      gymId,
      type: 'waiver',
      title: 'Liability Waiver',
      requiredOnSignUp: true,
      requiredBeforeBooking: false,
      createdAt: issuedLong,
      updatedAt: issuedLong,
    })
    .returning();
  const [contract] = await db
    .insert(t.documentTemplates)
    .values({ gymId, type: 'contract', title: 'Membership Contract', createdAt: issuedLong, updatedAt: issuedLong })
    .returning();
  const [waiverV] = await db
    .insert(t.documentTemplateVersions)
    .values({
      gymId,
      templateId: waiver!.id,
      version: 1,
      title: 'Liability Waiver',
      body: WAIVER,
      initialFields: ['I accept the risks of training'],
      createdAt: issuedLong,
    })
    .returning();
  const [contractV] = await db
    .insert(t.documentTemplateVersions)
    .values({ gymId, templateId: contract!.id, version: 1, title: 'Membership Contract', body: CONTRACT, createdAt: issuedLong })
    .returning();

  const people = await db
    .select({
      id: t.athletes.id,
      firstName: t.athletes.firstName,
      lastName: t.athletes.lastName,
      dob: t.athletes.dob,
      addressLines: t.athletes.addressLines,
      locality: t.athletes.locality,
      region: t.athletes.region,
      zipCode: t.athletes.zipCode,
      email: t.users.email,
    })
    .from(t.athletes)
    .innerJoin(t.profiles, eq(t.profiles.id, t.athletes.profileId))
    .leftJoin(t.users, eq(t.users.id, t.profiles.userId))
    .where(and(eq(t.athletes.gymId, gymId), inArray(t.athletes.id, athleteIds)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const gymAddress = joinAddress([...gym.addressLines, gym.locality, joinAddress([gym.region, gym.zipCode]).replace(', ', ' ')]);
  const valuesOf = (p: (typeof people)[number], signedAt: Date): MergeValues => ({
    'athlete.fullName': `${p.firstName} ${p.lastName}`.trim(),
    'athlete.dateOfBirth': p.dob ? formatDate(p.dob, country) : '',
    'athlete.address': joinAddress([...p.addressLines, p.locality, joinAddress([p.region, p.zipCode]).replace(', ', ' ')]),
    'gym.name': gym.title,
    'gym.address': gymAddress,
    today: formatDate(toZoned(signedAt, gym.timeZone).date, country),
    'package.name': '',
  });

  // The demo athlete signs everything: they go to the signed end.
  const ordered = athleteIds.filter((id) => byId.has(id));
  const demo = ordered.filter((id) => byId.get(id)!.email?.toLowerCase() === 'athlete@example.com');
  const rest = ordered.filter((id) => !demo.includes(id));
  const unsignedCount = Math.max(1, Math.round(rest.length / 10));
  const unsigned = new Set(rest.slice(0, unsignedCount));
  const voided = rest.slice(unsignedCount, unsignedCount + 2);
  const withContract = new Set([...demo, ...rest.slice(unsignedCount, unsignedCount + Math.round(rest.length * 0.6))]);

  const docs: (typeof t.documents.$inferInsert)[] = [];
  const sigs: (typeof t.documentSignatures.$inferInsert)[] = [];
  const sign = (
    athleteId: string,
    templateId: string,
    versionId: string,
    title: string,
    type: 'waiver' | 'contract',
    body: string,
    i: number,
    source: 'sign_up' | 'purchase',
    initials: string[],
  ) => {
    const p = byId.get(athleteId)!;
    const issuedAt = new Date(now.getTime() - (20 + (i % 90)) * DAY);
    const signedAt = new Date(issuedAt.getTime() + ((i % 5) + 1) * 3_600_000);
    const id = crypto.randomUUID();
    const content = renderDocumentBody(body, valuesOf(p, signedAt));
    const name = `${p.firstName} ${p.lastName}`.trim();
    const frontDesk = i % 3 === 0;
    docs.push({ id, gymId, athleteId, templateId, templateVersionId: versionId, type, title, source, issuedAt, signedAt });
    sigs.push({
      gymId,
      documentId: id,
      relation: 'self',
      signerName: name,
      athleteName: name,
      method: 'typed',
      typedName: name,
      signatureImage: null,
      initials: initials.map((label) => ({ label, value: `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase() || 'X' })),
      via: frontDesk ? 'front_desk' : 'athlete_app',
      content,
      contentSha256: sha256Hex(content),
      ip: `203.0.113.${(i % 250) + 1}`,
      userAgent: frontDesk ? AGENTS[1]! : AGENTS[i % 2 === 0 ? 0 : 2]!,
      signedAt,
    });
  };

  ordered.forEach((athleteId, i) => {
    if (unsigned.has(athleteId)) {
      docs.push({
        gymId,
        athleteId,
        templateId: waiver!.id,
        templateVersionId: waiverV!.id,
        type: 'waiver',
        title: 'Liability Waiver',
        source: 'sign_up',
        issuedAt: new Date(now.getTime() - ((i % 9) + 1) * DAY),
      });
    } else {
      sign(athleteId, waiver!.id, waiverV!.id, 'Liability Waiver', 'waiver', WAIVER, i, 'sign_up', ['I accept the risks of training']);
    }
    if (withContract.has(athleteId)) sign(athleteId, contract!.id, contractV!.id, 'Membership Contract', 'contract', CONTRACT, i + 1, 'purchase', []);
  });
  // A couple of contracts voided (issued by mistake) before the signed one.
  for (const [k, athleteId] of voided.entries()) {
    docs.push({
      gymId,
      athleteId,
      templateId: contract!.id,
      templateVersionId: contractV!.id,
      type: 'contract',
      title: 'Membership Contract',
      source: 'manual',
      issuedAt: new Date(now.getTime() - (140 + k) * DAY),
      voidedAt: new Date(now.getTime() - (139 + k) * DAY),
      voidReason: 'Issued to the wrong member.',
    });
  }
  for (let i = 0; i < docs.length; i += 500) await db.insert(t.documents).values(docs.slice(i, i + 500));
  for (let i = 0; i < sigs.length; i += 500) await db.insert(t.documentSignatures).values(sigs.slice(i, i + 500));
}

/** The contract names the gym's membership packages (run once the catalogue is seeded). */
export async function linkContractToMemberships(db: Tx, gymId: string): Promise<void> {
  const memberships = await db
    .select({ id: t.packages.id })
    .from(t.packages)
    .where(and(eq(t.packages.gymId, gymId), eq(t.packages.kind, 'membership')));
  await db
    .update(t.documentTemplates)
    .set({ packageIds: memberships.map((m) => m.id) })
    .where(and(eq(t.documentTemplates.gymId, gymId), eq(t.documentTemplates.type, 'contract'), sql`${t.documentTemplates.title} = 'Membership Contract'`));
}
