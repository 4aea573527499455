import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import * as t from '../schema';
import { NO_EMAIL_DOMAIN } from '../../modules/people';
import { SeededRandom } from './random';
import { insertChunked } from './gym-activity';

/** Its own stream of random numbers: the ids the main seed draws stay as they were (issue 17). */
const FAMILY_SEED = 1717;
const CHILD_NAMES = ['Ava', 'Leo', 'Mia', 'Noah', 'Isla', 'Ezra', 'Zoe', 'Finn', 'Ruby', 'Theo'];

/**
 * Issue 17's demo families: in each real gym, a few members (with an email, so they can sign in) get one or two
 * children as dependants (athletes of the gym without an email of their own, linked to the parent's account); and
 * every note without an author gets one of the gym's staff as its author.
 */
export async function seedFamilies(d: Tx, gymIds: readonly string[], now: Date): Promise<void> {
  const rng = new SeededRandom(FAMILY_SEED);
  const users: (typeof t.users.$inferInsert)[] = [];
  const profiles: (typeof t.profiles.$inferInsert)[] = [];
  const athletes: (typeof t.athletes.$inferInsert)[] = [];
  const links: (typeof t.profileLinks.$inferInsert)[] = [];
  for (const gymId of gymIds) {
    const parents = await d
      .select({ lastName: t.athletes.lastName, userId: t.profiles.userId })
      .from(t.athletes)
      .innerJoin(t.profiles, eq(t.profiles.id, t.athletes.profileId))
      .where(and(eq(t.athletes.gymId, gymId), like(t.athletes.email, '%@members.example.com')))
      .orderBy(asc(t.athletes.id))
      .limit(40);
    for (let i = 0; i < Math.min(4, parents.length); i++) {
      const parent = parents[rng.int(0, parents.length - 1)]!;
      if (links.some((l) => l.userId === parent.userId)) continue;
      for (let k = rng.int(1, 2); k > 0; k--) {
        const userId = rng.uuid();
        const profileId = rng.uuid();
        const athleteId = rng.uuid();
        const year = now.getUTCFullYear() - rng.int(6, 15);
        users.push({ id: userId, email: `athlete-${athleteId}@${NO_EMAIL_DOMAIN}`, passwordHash: null, isActive: false });
        profiles.push({ id: profileId, userId, gymId, role: 'athlete', isDefault: false, loginEnabled: false });
        athletes.push({
          id: athleteId,
          profileId,
          gymId,
          firstName: rng.pick(CHILD_NAMES),
          lastName: parent.lastName,
          email: null,
          dob: `${year}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
          source: 'seed',
        });
        links.push({ profileId, userId: parent.userId });
      }
    }
  }
  await insertChunked(d, t.users, users);
  await insertChunked(d, t.profiles, profiles);
  await insertChunked(d, t.athletes, athletes);
  await insertChunked(d, t.profileLinks, links);

  // Note authors: a staff member of the note's gym.
  await d
    .update(t.notes)
    .set({ createdByProfileId: sql`(select s.profile_id from staff s where s.gym_id = ${t.notes.gymId} order by s.is_owner desc, s.id limit 1)` })
    .where(isNull(t.notes.createdByProfileId));
}
