import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { GymCountry } from '@spotter/shared';
import * as t from '../schema';
import type { Tx } from '../client';
import { insertChunked } from './gym-activity';
import { SeededRandom } from './random';

/**
 * Issue 17's demo data for a real gym: tags on about 40% of the members, packages and the athlete packages that give
 * them varied membership states, a few archived members, and the member record's fields (phone, address, birthday,
 * emergency contact, some medical notes) valid for the gym's country. Its own PRNG, so the ids the rest of the seed
 * draws do not move. The named accounts of CONTRACT.md are left as they are.
 */
const PEOPLE_SEED = 20260317;

export const SEED_TAGS: readonly { name: string; color: string }[] = [
  { name: 'Competition team', color: 'red' },
  { name: 'Early bird', color: 'yellow' },
  { name: 'Injured', color: 'orange' },
  { name: 'Referral', color: 'teal' },
  { name: 'Student', color: 'blue' },
  { name: 'Barbell club', color: 'grape' },
  { name: 'Masters (40+)', color: 'indigo' },
];

const PACKAGES = [
  { name: 'Unlimited membership', kind: 'membership' },
  { name: '3x week membership', kind: 'membership' },
  { name: '10-class pack', kind: 'class_pack' },
  { name: 'Drop-in', kind: 'drop_in' },
  { name: '2-week trial', kind: 'trial' },
] as const;

/** Places of each country: a locality, its region (packages/shared regions.ts) and postcodes of it. */
const PLACES: Record<GymCountry, { locality: string; region: string; zips: string[]; streets: string[] }[]> = {
  US: [
    { locality: 'Chicago', region: 'Illinois', zips: ['60607', '60614', '60622', '60647'], streets: ['W Randolph St', 'N Milwaukee Ave', 'W Division St'] },
    { locality: 'Evanston', region: 'Illinois', zips: ['60201', '60202'], streets: ['Chicago Ave', 'Church St'] },
    { locality: 'Gary', region: 'Indiana', zips: ['46402'], streets: ['Broadway'] },
  ],
  GB: [
    { locality: 'London', region: 'Greater London', zips: ['N1 9GU', 'E8 3RL', 'SE1 7PB', 'NW1 8NH'], streets: ['Upper Street', 'Mare Street', 'Lower Marsh'] },
    { locality: 'Manchester', region: 'Greater Manchester', zips: ['M1 1AE', 'M4 5JD'], streets: ['Oldham Street', 'Deansgate'] },
    { locality: 'Leeds', region: 'West Yorkshire', zips: ['LS1 4AP'], streets: ['Briggate'] },
  ],
  CA: [
    { locality: 'Toronto', region: 'Ontario', zips: ['M5V 2T6', 'M4C 1B5', 'M6J 1H4', 'M5A 1J1'], streets: ['Queen St W', 'Danforth Ave', 'King St E'] },
    { locality: 'Mississauga', region: 'Ontario', zips: ['L5B 3C2'], streets: ['Burnhamthorpe Rd W'] },
    { locality: 'Montreal', region: 'Quebec', zips: ['H2X 1Y4'], streets: ['Rue Sainte-Catherine'] },
  ],
};

/** A phone as stored (the digits of its international form): fictional ranges (US/CA 555-01xx, UK 07700 900xxx). */
function phoneOf(country: GymCountry, rng: SeededRandom): string {
  if (country === 'GB') return `447700900${String(rng.int(0, 999)).padStart(3, '0')}`;
  const area = country === 'CA' ? rng.pick(['416', '647']) : rng.pick(['312', '773']);
  return `1${area}55501${String(rng.int(0, 99)).padStart(2, '0')}`;
}

const MEDICAL_NOTES = [
  'Asthma: keeps an inhaler in their bag.',
  'Recovering from a shoulder injury: no overhead pressing until cleared.',
  'Type 1 diabetes: glucose tabs at the front desk.',
  'Bee sting allergy (EpiPen in locker).',
];

const EMERGENCY_FIRST = ['Jordan', 'Casey', 'Morgan', 'Taylor', 'Jamie', 'Robin', 'Avery', 'Quinn'];

/** A birthday between 16 and 70 years before `now`. */
function dobOf(now: Date, rng: SeededRandom): string {
  const d = new Date(now.getTime() - rng.int(16 * 365, 70 * 365) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The PRNG of this file's draws: one for the whole seed (each gym draws on from the last). */
export const peopleRandom = () => new SeededRandom(PEOPLE_SEED);

export async function seedPeople(d: Tx, rng: SeededRandom, gym: { id: string; country: GymCountry }, now: Date): Promise<void> {
  // The generated members only (the named accounts' emails are not @members.example.com), in a stable order.
  const members = await d
    .select({ id: t.athletes.id, lastName: t.athletes.lastName })
    .from(t.athletes)
    .where(and(eq(t.athletes.gymId, gym.id), like(t.athletes.email, '%@members.example.com')))
    .orderBy(asc(t.athletes.email));

  const tagRows = SEED_TAGS.map((tag) => ({ id: rng.uuid(), gymId: gym.id, name: tag.name, color: tag.color }));
  const packageRows = PACKAGES.map((p) => ({ id: rng.uuid(), gymId: gym.id, name: p.name, kind: p.kind }));
  await insertChunked(d, t.tags, tagRows);
  await insertChunked(d, t.packages, packageRows);
  const pkg = (name: string) => packageRows.find((p) => p.name === name)!.id;

  const athleteTags: (typeof t.athleteTags.$inferInsert)[] = [];
  const held: (typeof t.athletePackages.$inferInsert)[] = [];
  const records: Record<string, unknown>[] = [];
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const dateAgo = (n: number) => daysAgo(n).toISOString().slice(0, 10);
  members.forEach((m, i) => {
    // About 40% carry one or two tags.
    if (rng.chance(0.4)) {
      for (const tag of rng.shuffle(tagRows).slice(0, rng.chance(0.3) ? 2 : 1)) athleteTags.push({ athleteId: m.id, tagId: tag.id, gymId: gym.id });
    }
    // Membership states: most active, some on trial, on hold, cancelled, or with nothing at all.
    const roll = rng.next();
    const start = rng.int(20, 700);
    const hold = (name: string, status: 'active' | 'on_hold' | 'cancelled' | 'ended', startedDaysAgo = start) =>
      held.push({ id: rng.uuid(), gymId: gym.id, athleteId: m.id, packageId: pkg(name), status, startDate: dateAgo(startedDaysAgo), ...(status === 'cancelled' ? { cancelledAt: daysAgo(rng.int(1, 60)) } : {}) });
    if (roll < 0.55) hold(rng.pick(['Unlimited membership', '3x week membership']), 'active');
    else if (roll < 0.65) hold(rng.pick(['10-class pack', 'Drop-in']), 'active');
    else if (roll < 0.73) hold('2-week trial', 'active', rng.int(0, 13));
    else if (roll < 0.8) hold('Unlimited membership', 'on_hold');
    else if (roll < 0.9) {
      hold('2-week trial', 'ended', start + 14);
      hold(rng.pick(['Unlimited membership', '3x week membership']), 'cancelled');
    }
    // The rest hold nothing: 'No membership'.

    const country = gym.country;
    const place = rng.pick(PLACES[country]);
    const hasAddress = rng.chance(0.85);
    records.push({
      id: m.id,
      phone: rng.chance(0.9) ? phoneOf(country, rng) : '',
      dob: rng.chance(0.8) ? dobOf(now, rng) : null,
      addressLines: hasAddress ? [`${rng.int(1, 2400)} ${rng.pick(place.streets)}`] : [],
      locality: hasAddress ? place.locality : '',
      region: hasAddress ? place.region : '',
      zipCode: hasAddress ? rng.pick(place.zips) : '',
      addressCountry: hasAddress ? country : '',
      emergencyName: rng.chance(0.7) ? `${rng.pick(EMERGENCY_FIRST)} ${m.lastName}` : '',
      emergencyPhone: '',
      medicalNotes: i % 17 === 5 ? MEDICAL_NOTES[i % MEDICAL_NOTES.length]! : '',
      // Five archived members a gym (they keep their history and leave the list).
      archivedAt: i % 23 === 7 ? daysAgo(rng.int(10, 200)).toISOString() : null,
      // Joined when their first package started (or a while ago): the list sorts by it.
      createdAt: daysAgo(start + rng.int(0, 30)).toISOString(),
      source: 'seed',
    });
  });
  for (const r of records) if (r.emergencyName) r.emergencyPhone = phoneOf(gym.country, rng);

  await insertChunked(d, t.athleteTags, athleteTags);
  await insertChunked(d, t.athletePackages, held);
  // One statement for the members' record fields.
  await d.execute(sql`
    update athletes a set phone = v.phone, dob = v.dob, address_lines = v.address_lines, locality = v.locality, region = v.region,
      zip_code = v.zip_code, address_country = v.address_country, emergency_name = v.emergency_name, emergency_phone = v.emergency_phone,
      medical_notes = v.medical_notes, archived_at = v.archived_at, is_active = v.archived_at is null, created_at = v.created_at, source = v.source
    from jsonb_to_recordset(${JSON.stringify(
      records.map((r) => ({ ...r, address_lines: r.addressLines, zip_code: r.zipCode, address_country: r.addressCountry, emergency_name: r.emergencyName, emergency_phone: r.emergencyPhone, medical_notes: r.medicalNotes, archived_at: r.archivedAt, created_at: r.createdAt })),
    )}::jsonb) as v(id uuid, phone text, dob date, address_lines text[], locality text, region text, zip_code text, address_country text,
      emergency_name text, emergency_phone text, medical_notes text, archived_at timestamptz, created_at timestamptz, source text)
    where a.id = v.id`);
}
