import type { EntityManager } from '@mikro-orm/core';
import { queryRows, runStatement } from '@oncall/core/persistence';
import type { ZoneSnapshot } from './zone-snapshot';

/** The ids an agent holds because its main has them: rows the main drops are deleted here. */
export interface SyncedIds {
  users: string[];
  teams: string[];
  endpoints: string[];
  providerConfigs: string[];
}

export const NO_SYNCED_IDS: SyncedIds = { users: [], teams: [], endpoints: [], providerConfigs: [] };

/** Statements bind at most this many ids at once (well under every driver's parameter limit). */
const CHUNK = 500;

/**
 * Makes this agent's users, teams, endpoints and provider configs those of its main, under the
 * main's ids, in one transaction (secrets already sealed under this agent's key). What the agent
 * owns (rules, history, episodes) is not touched. A local user whose username the main now holds is
 * renamed `<username>.local-<id prefix>`, keeping its rules and sessions. Rows the main dropped
 * since the last copy are deleted afterwards, one at a time; one still referenced here (a user who
 * owns a rule on this agent) stays until it is not. Answers the ids now held from the main.
 */
export async function applySnapshot(
  em: EntityManager,
  snapshot: ZoneSnapshot,
  previous: SyncedIds,
): Promise<SyncedIds> {
  await em.fork().transactional(async (tx) => {
    await upsertUsers(tx, snapshot);
    await replaceIdentities(tx, snapshot);
    for (const team of snapshot.teams) {
      await runStatement(
        tx,
        `insert into teams (id, name, description, owner_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)
         on conflict (id) do update set name = excluded.name, description = excluded.description,
           owner_id = excluded.owner_id, updated_at = excluded.updated_at`,
        [team.id, team.name, team.description, team.ownerId, team.createdAt, new Date()],
      );
    }
    await replaceLinks(
      tx,
      'team_members',
      'team_id',
      'user_id',
      snapshot.teams.map((team) => team.id),
      snapshot.teamMembers.map((link) => [link.teamId, link.userId]),
    );
    for (const endpoint of snapshot.endpoints) {
      await runStatement(
        tx,
        `insert into endpoints (id, name, type, steps, destination, sealed_destination, owner_id,
           created_at, updated_at)
         values (?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)
         on conflict (id) do update set name = excluded.name, type = excluded.type, steps = excluded.steps,
           destination = excluded.destination, sealed_destination = excluded.sealed_destination,
           owner_id = excluded.owner_id, updated_at = excluded.updated_at`,
        [
          endpoint.id,
          endpoint.name,
          endpoint.type,
          jsonOrNull(endpoint.steps),
          jsonOrNull(endpoint.destination),
          endpoint.sealedDestination,
          endpoint.ownerId,
          endpoint.createdAt,
          new Date(),
        ],
      );
    }
    const endpointIds = snapshot.endpoints.map((endpoint) => endpoint.id);
    await replaceLinks(
      tx,
      'endpoint_access_users',
      'endpoint_id',
      'user_id',
      endpointIds,
      snapshot.endpointAccessUsers.map((link) => [link.endpointId, link.userId]),
    );
    await replaceLinks(
      tx,
      'endpoint_access_teams',
      'endpoint_id',
      'team_id',
      endpointIds,
      snapshot.endpointAccessTeams.map((link) => [link.endpointId, link.teamId]),
    );
    await upsertProviderConfigs(tx, snapshot);
  });
  const held: SyncedIds = {
    users: snapshot.users.map((user) => user.id),
    teams: snapshot.teams.map((team) => team.id),
    endpoints: snapshot.endpoints.map((endpoint) => endpoint.id),
    providerConfigs: snapshot.providerConfigs.map((config) => config.id),
  };
  // Dependents first: an endpoint or team may be owned by a user the main also dropped.
  const kept: SyncedIds = {
    endpoints: await deleteDropped(em, 'endpoints', previous.endpoints, held.endpoints),
    teams: await deleteDropped(em, 'teams', previous.teams, held.teams),
    providerConfigs: await deleteDropped(
      em,
      'provider_configs',
      previous.providerConfigs,
      held.providerConfigs,
    ),
    users: await deleteDropped(em, 'users', previous.users, held.users),
  };
  return {
    users: [...held.users, ...kept.users],
    teams: [...held.teams, ...kept.teams],
    endpoints: [...held.endpoints, ...kept.endpoints],
    providerConfigs: [...held.providerConfigs, ...kept.providerConfigs],
  };
}

async function upsertUsers(tx: EntityManager, snapshot: ZoneSnapshot): Promise<void> {
  const incoming = new Map(snapshot.users.map((user) => [user.username, user.id]));
  const synced = new Set(snapshot.users.map((user) => user.id));
  const here = await queryRows<{ id: string; username: string }>(tx, 'select id, username from users');
  for (const user of here) {
    const claimedBy = incoming.get(user.username);
    if (claimedBy !== undefined && claimedBy !== user.id && !synced.has(user.id)) {
      // A local account under a name the main holds: it keeps its rules, under another name.
      await runStatement(tx, 'update users set username = ? where id = ?', [
        `${user.username}.local-${user.id.slice(0, 8)}`,
        user.id,
      ]);
    } else if (synced.has(user.id)) {
      // Out of the way of the new names, in case two of the main's users swapped theirs.
      await runStatement(tx, 'update users set username = ? where id = ?', [`~sync~${user.id}`, user.id]);
    }
  }
  for (const user of snapshot.users) {
    await runStatement(
      tx,
      `insert into users (id, username, name, password_hash, role, is_system_admin, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set username = excluded.username, name = excluded.name,
         password_hash = excluded.password_hash, role = excluded.role,
         is_system_admin = excluded.is_system_admin, updated_at = excluded.updated_at`,
      [
        user.id,
        user.username,
        user.name,
        user.passwordHash,
        user.role,
        user.isSystemAdmin,
        user.createdAt,
        new Date(),
      ],
    );
  }
}

/**
 * The copied users' SSO links become the main's. A link the agent made itself for the same
 * (issuer, subject), at a first SSO sign-in here, moves to the main's user: the provider says it is
 * the same person, and the main's account is the one that person has everywhere.
 */
async function replaceIdentities(tx: EntityManager, snapshot: ZoneSnapshot): Promise<void> {
  for (const ids of chunks(snapshot.users.map((user) => user.id))) {
    await runStatement(tx, `delete from user_identities where user_id in (${marks(ids)})`, ids);
  }
  for (const identity of snapshot.userIdentities) {
    await runStatement(
      tx,
      `insert into user_identities (issuer, subject, user_id, created_at) values (?, ?, ?, ?)
       on conflict (issuer, subject) do update set user_id = excluded.user_id`,
      [identity.issuer, identity.subject, identity.userId, new Date()],
    );
  }
}

async function upsertProviderConfigs(tx: EntityManager, snapshot: ZoneSnapshot): Promise<void> {
  // The main's default and backup of a kind replace this agent's (one of each per kind, checked
  // per statement, so all are cleared before any is set).
  const ranked = new Set(
    snapshot.providerConfigs.filter((config) => config.isDefault || config.isBackup).map((c) => c.kind),
  );
  const synced = snapshot.providerConfigs.map((config) => config.id);
  for (const kind of ranked) {
    await runStatement(
      tx,
      'update provider_configs set is_default = false, is_backup = false where kind = ? and (is_default or is_backup)',
      [kind],
    );
  }
  for (const ids of chunks(synced)) {
    await runStatement(
      tx,
      `update provider_configs set is_default = false, is_backup = false where id in (${marks(ids)})`,
      ids,
    );
  }
  for (const config of snapshot.providerConfigs) {
    await runStatement(
      tx,
      `insert into provider_configs (id, kind, name, provider, settings, sealed_secrets, is_default,
         is_backup, created_at, updated_at)
       values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?)
       on conflict (id) do update set kind = excluded.kind, name = excluded.name,
         provider = excluded.provider, settings = excluded.settings,
         sealed_secrets = excluded.sealed_secrets, is_default = excluded.is_default,
         is_backup = excluded.is_backup, updated_at = excluded.updated_at`,
      [
        config.id,
        config.kind,
        config.name,
        config.provider,
        JSON.stringify(config.settings),
        config.sealedSecrets,
        config.isDefault,
        config.isBackup,
        config.createdAt,
        new Date(),
      ],
    );
  }
}

/** The links of the synced rows become the main's: those rows' links are dropped and written again. */
async function replaceLinks(
  tx: EntityManager,
  table: string,
  ownerColumn: string,
  otherColumn: string,
  owners: string[],
  links: [string, string][],
): Promise<void> {
  for (const ids of chunks(owners)) {
    await runStatement(tx, `delete from ${table} where ${ownerColumn} in (${marks(ids)})`, ids);
  }
  for (const [owner, other] of links) {
    await runStatement(
      tx,
      `insert into ${table} (${ownerColumn}, ${otherColumn}) values (?, ?) on conflict do nothing`,
      [owner, other],
    );
  }
}

/** Deletes the rows the main dropped; answers the ones still referenced here, kept for a later try. */
async function deleteDropped(
  em: EntityManager,
  table: string,
  previous: string[],
  held: string[],
): Promise<string[]> {
  const still = new Set(held);
  const kept: string[] = [];
  for (const id of previous.filter((known) => !still.has(known))) {
    try {
      await em.fork().transactional((tx) => runStatement(tx, `delete from ${table} where id = ?`, [id]));
    } catch {
      kept.push(id);
    }
  }
  return kept;
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

function marks(ids: readonly string[]): string {
  return ids.map(() => '?').join(', ');
}

function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += CHUNK) out.push(ids.slice(at, at + CHUNK));
  return out;
}
