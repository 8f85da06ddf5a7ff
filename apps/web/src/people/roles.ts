/** The roles, what each may do, and which a user may hand out. */
export const ROLE_OPTIONS = [
  { value: 'owner', label: 'Owner: everything' },
  { value: 'manager', label: 'Manager: users, teams, settings (not owners)' },
  { value: 'member', label: 'Member: own rules and endpoints' },
] as const;

export type RoleName = (typeof ROLE_OPTIONS)[number]['value'];

export function isRole(value: unknown): value is RoleName {
  return ROLE_OPTIONS.some((role) => role.value === value);
}

/** Managers never create or promote to owner; only owners hand out every role. */
export function assignableRoles(actorRole: string): { value: RoleName; label: string }[] {
  return ROLE_OPTIONS.filter((role) => actorRole === 'owner' || role.value !== 'owner').map((role) => ({
    value: role.value,
    label: role.label,
  }));
}

/** Whether the role may manage users and teams (the Users screen shows only to them). */
export function managesPeople(role: string): boolean {
  return role === 'owner' || role === 'manager';
}
