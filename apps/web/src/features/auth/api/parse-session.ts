import { demoGymTypes, permissions, roles, stripeAccountTypes, stripeStatuses, type Session } from '@spotter/shared';

/**
 * sessionSchema.parse without zod: every page load reads the session first, and zod with the shared schemas is
 * the largest part of the login page's JavaScript. Same rules and output (unknown keys dropped); the test
 * checks it against sessionSchema.
 */
export class SessionShapeError extends Error {
  constructor(path: string) {
    super(`Unexpected session answer at ${path}.`);
    this.name = 'SessionShapeError';
  }
}

// zod's z.uuid(): RFC 9562 versions 1-8, plus the nil and max UUIDs.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

type Fields = Record<string, unknown>;

function object(value: unknown, path: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SessionShapeError(path);
  return value as Fields;
}

function nullableObject<T>(value: unknown, path: string, read: (fields: Fields) => T): T | null {
  return value === null ? null : read(object(value, path));
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new SessionShapeError(path);
  return value;
}

function uuid(value: unknown, path: string): string {
  if (!UUID.test(string(value, path))) throw new SessionShapeError(path);
  return value as string;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw new SessionShapeError(path);
  return value;
}

function oneOf<T extends string>(options: readonly T[], value: unknown, path: string): T {
  if (!options.includes(value as T)) throw new SessionShapeError(path);
  return value as T;
}

export function parseSession(body: unknown): Session {
  const s = object(body, 'session');
  const user = object(s.user, 'user');
  return {
    user: { userId: uuid(user.userId, 'user.userId'), email: string(user.email, 'user.email') },
    role: s.role === null ? null : oneOf(roles, s.role, 'role'),
    gym: nullableObject(s.gym, 'gym', (g) => ({
      gymId: uuid(g.gymId, 'gym.gymId'),
      title: string(g.title, 'gym.title'),
      stripeStatus: oneOf(stripeStatuses, g.stripeStatus, 'gym.stripeStatus'),
      stripeAccountType: oneOf(stripeAccountTypes, g.stripeAccountType, 'gym.stripeAccountType'),
      ghlV2Enabled: boolean(g.ghlV2Enabled, 'gym.ghlV2Enabled'),
    })),
    profile: nullableObject(s.profile, 'profile', (p) => ({
      profileId: uuid(p.profileId, 'profile.profileId'),
      // As zod reads `nullable().optional()`: absent stays absent.
      ...(p.fullName === undefined ? {} : { fullName: p.fullName === null ? null : string(p.fullName, 'profile.fullName') }),
    })),
    athlete: nullableObject(s.athlete, 'athlete', (a) => ({ athleteId: uuid(a.athleteId, 'athlete.athleteId') })),
    staff: nullableObject(s.staff, 'staff', (st) => {
      if (!Array.isArray(st.permissions)) throw new SessionShapeError('staff.permissions');
      const list: unknown[] = st.permissions;
      return {
        staffId: uuid(st.staffId, 'staff.staffId'),
        permissions: Array.from(list, (p, i) => oneOf(permissions, p, `staff.permissions.${i}`)),
      };
    }),
    kiloStaff: nullableObject(s.kiloStaff, 'kiloStaff', (k) => ({
      kiloStaffId: uuid(k.kiloStaffId, 'kiloStaff.kiloStaffId'),
      isSalesTeam: boolean(k.isSalesTeam, 'kiloStaff.isSalesTeam'),
    })),
    demoGym: nullableObject(s.demoGym, 'demoGym', (d) => ({
      expiresAt: d.expiresAt === null ? null : string(d.expiresAt, 'demoGym.expiresAt'),
      type: oneOf(demoGymTypes, d.type, 'demoGym.type'),
      isActive: boolean(d.isActive, 'demoGym.isActive'),
    })),
    isImpersonating: boolean(s.isImpersonating, 'isImpersonating'),
    // Issue 20: the document this device is handed over to sign (as zod reads `nullable().optional()`).
    ...(s.signingDocumentId === undefined ? {} : { signingDocumentId: s.signingDocumentId === null ? null : uuid(s.signingDocumentId, 'signingDocumentId') }),
  };
}

/** For callEndpoint's `schema` option. */
export const sessionParser = { parse: parseSession };
