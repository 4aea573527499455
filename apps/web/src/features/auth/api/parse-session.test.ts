import { describe, expect, it } from 'vitest';
import { sessionSchema } from '@spotter/shared';
import { buildSession } from '../../../testing/factories';
import { parseSession } from './parse-session';

const full = buildSession({
  role: 'staff',
  gym: { gymId: '22222222-2222-4222-8222-222222222222', title: 'Iron Temple', stripeStatus: 'Active', stripeAccountType: 'custom', ghlV2Enabled: true },
  profile: { profileId: '33333333-3333-4333-8333-333333333333' },
  athlete: { athleteId: '44444444-4444-4444-8444-444444444444' },
  staff: { staffId: '55555555-5555-4555-8555-555555555555', permissions: ['Kiosk', 'AthleteView'] },
  kiloStaff: { kiloStaffId: '66666666-6666-4666-8666-666666666666', isSalesTeam: false },
  demoGym: { expiresAt: '2030-01-01T00:00:00.000Z', type: 'TIME_LIMITED', isActive: true },
  isImpersonating: true,
  signingDocumentId: '77777777-7777-4777-8777-777777777777',
});

/** Every value a field of the session can be replaced with: right and wrong types, null, missing. */
const replacements: unknown[] = [
  undefined,
  null,
  '',
  'x',
  0,
  1,
  true,
  false,
  [],
  {},
  ['Kiosk'],
  ['Nope'],
  'staff',
  'Onboard',
  'PERSISTENT',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  '22222222-2222-9222-8222-222222222222',
  { extra: 1 },
];

function withValue(root: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = Array.isArray(root) ? ([...root] as unknown as Record<string, unknown>) : { ...(root as Record<string, unknown>) };
  if (value === undefined && rest.length === 0) delete copy[head];
  else copy[head] = withValue(copy[head], rest, value);
  return copy;
}

function paths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, inner]) => paths(inner, [...prefix, key]))];
}

function outcome(parse: (body: unknown) => unknown, body: unknown) {
  try {
    return { ok: true, value: parse(body) };
  } catch {
    return { ok: false };
  }
}

describe('parseSession', () => {
  it('agrees with sessionSchema on every field replaced by every kind of value', () => {
    const bodies = [full, buildSession(), { ...full, unknownKey: 1, user: { ...full.user, extra: 'dropped' } }];
    for (const base of bodies) {
      for (const path of paths(base)) {
        for (const value of replacements) {
          const body = withValue(base, path, value);
          expect(outcome(parseSession, body), `${path.join('.')} = ${JSON.stringify(value)}`).toEqual(outcome((b) => sessionSchema.parse(b), body));
        }
      }
    }
  });

  it('drops unknown keys as zod does', () => {
    expect(parseSession({ ...full, unknownKey: 1, gym: { ...full.gym, logo: 'x' } })).toEqual(full);
  });
});
