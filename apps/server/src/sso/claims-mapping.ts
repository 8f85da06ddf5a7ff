import type { OidcSettings } from '@oncall/config';
import type { SsoIdentity } from '@oncall/core';

/** The claims of a validated ID token (or userinfo answer) that the mapping reads. */
export type Claims = Readonly<Record<string, unknown>>;

/** A claim's values as strings: a list, a single string, or a space/comma separated string. */
function valuesOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((v): v is string => typeof v === 'string');
  if (typeof claim === 'string') return claim.split(/[\s,]+/).filter(Boolean);
  return [];
}

function text(claim: unknown): string | undefined {
  return typeof claim === 'string' && claim.trim() !== '' ? claim.trim() : undefined;
}

/**
 * Maps a provider's claims to the user they sign in as: the groups claim decides the role (an
 * owner group beats a manager group; no match is a member) and membership of the mapped teams.
 */
export function identityOf(settings: OidcSettings, issuer: string, claims: Claims): SsoIdentity {
  const subject = text(claims.sub) ?? '';
  const groups = valuesOf(claims[settings.groupsClaim]);
  const inAny = (list: string[]) => list.some((group) => groups.includes(group));
  const email = text(claims.email);
  const username = (text(claims[settings.usernameClaim]) ?? email ?? subject).slice(0, 190);
  return {
    issuer,
    subject,
    username,
    name: text(claims.name) ?? username,
    verifiedEmail: email && claims.email_verified === true ? email : undefined,
    role: inAny(settings.ownerGroups) ? 'owner' : inAny(settings.managerGroups) ? 'manager' : 'member',
    mappedTeams: [...new Set(settings.teamGroups.map((pair) => pair.team))],
    memberOf: [...new Set(settings.teamGroups.filter((p) => groups.includes(p.group)).map((p) => p.team))],
  };
}
