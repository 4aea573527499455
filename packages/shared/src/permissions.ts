import type { Permission, Role } from './roles';

/** The part of a session the permission check of spec 6 reads. */
export type PermissionSubject = {
  role: Role | null;
  staff: { permissions: readonly string[] } | null;
} | null;

/**
 * Spec 6: no session is denied; athletes, owners and platform staff pass every check;
 * other staff pass only with the named permission.
 */
export function hasPermission(session: PermissionSubject, permission: Permission): boolean {
  if (!session || !session.role) return false;
  switch (session.role) {
    case 'athlete':
    case 'owner':
    case 'kilo_staff':
      return true;
    case 'staff':
      return session.staff?.permissions.includes(permission) ?? false;
  }
}
