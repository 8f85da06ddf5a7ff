import { randomUUID } from 'node:crypto';
import type { Role } from '@oncall/core';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Who a forwarded request is for, as the main asserts it to an agent (never the caller's token). */
export interface AssertedCaller {
  userId: string;
  username: string;
  role: Role;
  isSystemAdmin: boolean;
}

/** The header a forwarded request carries the assertion in. */
export const ASSERTION_HEADER = 'x-zone-assertion';
const ISSUER = 'oncall-main';
const ALGORITHM = 'HS256';
/** Long enough for one forwarded call, short enough that a copied assertion is soon worthless. */
export const ASSERTION_TTL_SECONDS = 60;
const ROLES: readonly Role[] = ['owner', 'manager', 'member'];

/** Signs the caller's identity for one zone (the audience) with that zone's assertion key. */
export async function signAssertion(
  caller: AssertedCaller,
  zoneId: string,
  key: Uint8Array,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ username: caller.username, role: caller.role, sa: caller.isSystemAdmin })
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setSubject(caller.userId)
    .setAudience(zoneId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ASSERTION_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(key);
}

/**
 * The caller an assertion names, when it is signed with `key`, meant for `zoneId` and not expired;
 * null for anything else (a wrong key, another zone's assertion, an expired or malformed one).
 */
export async function verifyAssertion(
  assertion: string,
  zoneId: string,
  key: Uint8Array,
  now: Date,
): Promise<(AssertedCaller & { id: string }) | null> {
  try {
    const { payload } = await jwtVerify(assertion, key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: zoneId,
      currentDate: now,
      maxTokenAge: ASSERTION_TTL_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const role = ROLES.find((known) => known === payload.role);
    if (!payload.sub || !role || typeof payload.username !== 'string' || !payload.jti) return null;
    return {
      id: payload.jti,
      userId: payload.sub,
      username: payload.username,
      role,
      isSystemAdmin: payload.sa === true,
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** The lower of two roles: an agent never grants more than both the main and its own user allow. */
export function lowerRole(a: Role, b: Role): Role {
  return ROLES.indexOf(a) > ROLES.indexOf(b) ? a : b;
}
