import { z } from 'zod';

/**
 * What an agent copies from its main: users, teams, endpoints and provider configs with their ids,
 * and the links between them. Secret fields (`sealed…`, `passwordHash`) are sealed: under the main's
 * key when read, under the zone's sync box in transit, under the agent's key at rest.
 */
export interface ZoneSnapshot {
  /** A digest of the main's rows: the agent syncs again when the main's heartbeat answer names another. */
  version: string;
  users: SnapshotUser[];
  /**
   * The users' single sign-on links (issuer, subject → user): with the same provider configured on
   * the agent, an SSO user signs in there as the main's user.
   */
  userIdentities: { issuer: string; subject: string; userId: string }[];
  teams: SnapshotTeam[];
  teamMembers: { teamId: string; userId: string }[];
  endpoints: SnapshotEndpoint[];
  endpointAccessUsers: { endpointId: string; userId: string }[];
  endpointAccessTeams: { endpointId: string; teamId: string }[];
  providerConfigs: SnapshotProviderConfig[];
}

export interface SnapshotUser {
  id: string;
  username: string;
  name: string;
  /** The password hash as the main stores it (sealed on the wire): people sign in at the agent while the main is out of reach. */
  passwordHash: string;
  role: 'owner' | 'manager' | 'member';
  isSystemAdmin: boolean;
  createdAt: string;
}

export interface SnapshotTeam {
  id: string;
  name: string;
  description: string | null;
  ownerId: string;
  createdAt: string;
}

export interface SnapshotEndpoint {
  id: string;
  name: string;
  type: string;
  steps: unknown;
  destination: unknown;
  sealedDestination: string | null;
  ownerId: string;
  createdAt: string;
}

export interface SnapshotProviderConfig {
  id: string;
  kind: string;
  name: string;
  provider: string;
  settings: Record<string, string>;
  sealedSecrets: string | null;
  isDefault: boolean;
  isBackup: boolean;
  createdAt: string;
}

/** Why a snapshot whose endpoints carry no destination is refused. */
export const OLDER_MAIN =
  'an endpoint without a destination: the main is older than this agent; upgrade the main first';

const id = z.uuid();
const instant = z.string().min(1);
const sealed = z.string().nullable();

/** The main's answer as the agent takes it: anything else is refused whole, the last copy kept. */
export const zoneSnapshotSchema: z.ZodType<ZoneSnapshot> = z.object({
  version: z.string().min(1),
  users: z.array(
    z.object({
      id,
      username: z.string().min(1),
      name: z.string(),
      passwordHash: z.string().min(1),
      role: z.enum(['owner', 'manager', 'member']),
      isSystemAdmin: z.boolean(),
      createdAt: instant,
    }),
  ),
  // A main from before identities were copied sends none.
  userIdentities: z
    .array(z.object({ issuer: z.string().min(1), subject: z.string().min(1), userId: id }))
    .default([]),
  teams: z.array(
    z.object({ id, name: z.string(), description: z.string().nullable(), ownerId: id, createdAt: instant }),
  ),
  teamMembers: z.array(z.object({ teamId: id, userId: id })),
  endpoints: z.array(
    z.object({
      id,
      name: z.string(),
      type: z.string().min(1),
      steps: z.unknown(),
      // A main from before endpoints were stored in one shape sends `value`, `threadId` and sealed
      // tokens instead: copied as they are, its endpoints would have nowhere to send.
      destination: z.unknown().refine((value) => value !== undefined, { message: OLDER_MAIN }),
      sealedDestination: sealed,
      ownerId: id,
      createdAt: instant,
    }),
  ),
  endpointAccessUsers: z.array(z.object({ endpointId: id, userId: id })),
  endpointAccessTeams: z.array(z.object({ endpointId: id, teamId: id })),
  providerConfigs: z.array(
    z.object({
      id,
      kind: z.string().min(1),
      name: z.string(),
      provider: z.string(),
      settings: z.record(z.string(), z.string()),
      sealedSecrets: sealed,
      isDefault: z.boolean(),
      isBackup: z.boolean(),
      createdAt: instant,
    }),
  ),
});

/**
 * Re-seals every secret of a snapshot: `sealed` carries a sealed field from one box into another (the
 * main's to the zone's, the zone's to the agent's); `password` does the same for password hashes,
 * which each side stores as they are and only the wire carries sealed.
 */
export function resealSnapshot(
  snapshot: ZoneSnapshot,
  reseal: { sealed: (text: string) => string; password: (text: string) => string },
): ZoneSnapshot {
  const maybe = (value: string | null) => (value === null ? null : reseal.sealed(value));
  return {
    ...snapshot,
    users: snapshot.users.map((user) => ({ ...user, passwordHash: reseal.password(user.passwordHash) })),
    userIdentities: snapshot.userIdentities,
    endpoints: snapshot.endpoints.map((endpoint) => ({
      ...endpoint,
      sealedDestination: maybe(endpoint.sealedDestination),
    })),
    providerConfigs: snapshot.providerConfigs.map((config) => ({
      ...config,
      sealedSecrets: maybe(config.sealedSecrets),
    })),
  };
}
