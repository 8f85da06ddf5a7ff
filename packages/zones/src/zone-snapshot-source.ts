import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { queryRows } from '@oncall/core/persistence';
import type { ZoneSnapshot } from './zone-snapshot';

/**
 * The main's users, teams, endpoints and provider configs as an agent copies them, secrets as the
 * main stores them; `version` digests all of it, so any change (a row, a link, a deletion) names a
 * new version. Read in one transaction so the links match the rows.
 */
export async function readSnapshot(em: EntityManager): Promise<ZoneSnapshot> {
  return em.fork().transactional(async (tx) => {
    const users = await queryRows<{
      id: string;
      username: string;
      name: string;
      password_hash: string;
      role: 'owner' | 'manager' | 'member';
      is_system_admin: boolean;
      created_at: Date | string;
    }>(
      tx,
      'select id, username, name, password_hash, role, is_system_admin, created_at from users order by id',
    );
    const teams = await queryRows<{
      id: string;
      name: string;
      description: string | null;
      owner_id: string;
      created_at: Date | string;
    }>(tx, 'select id, name, description, owner_id, created_at from teams order by id');
    const teamMembers = await queryRows<{ team_id: string; user_id: string }>(
      tx,
      'select team_id, user_id from team_members order by team_id, user_id',
    );
    const endpoints = await queryRows<{
      id: string;
      name: string;
      type: string;
      steps: unknown;
      destination: unknown;
      sealed_destination: string | null;
      owner_id: string;
      created_at: Date | string;
    }>(
      tx,
      `select id, name, type, steps, destination, sealed_destination, owner_id, created_at
         from endpoints order by id`,
    );
    const identities = await queryRows<{ issuer: string; subject: string; user_id: string }>(
      tx,
      'select issuer, subject, user_id from user_identities order by issuer, subject',
    );
    const accessUsers = await queryRows<{ endpoint_id: string; user_id: string }>(
      tx,
      'select endpoint_id, user_id from endpoint_access_users order by endpoint_id, user_id',
    );
    const accessTeams = await queryRows<{ endpoint_id: string; team_id: string }>(
      tx,
      'select endpoint_id, team_id from endpoint_access_teams order by endpoint_id, team_id',
    );
    const configs = await queryRows<{
      id: string;
      kind: string;
      name: string;
      provider: string;
      settings: Record<string, string>;
      sealed_secrets: string | null;
      is_default: boolean;
      is_backup: boolean;
      created_at: Date | string;
    }>(
      tx,
      `select id, kind, name, provider, settings, sealed_secrets, is_default, is_backup, created_at
         from provider_configs order by id`,
    );
    const rows: Omit<ZoneSnapshot, 'version'> = {
      users: users.map((row) => ({
        id: row.id,
        username: row.username,
        name: row.name,
        passwordHash: row.password_hash,
        role: row.role,
        isSystemAdmin: row.is_system_admin,
        createdAt: instantOf(row.created_at),
      })),
      userIdentities: identities.map((row) => ({
        issuer: row.issuer,
        subject: row.subject,
        userId: row.user_id,
      })),
      teams: teams.map((row) => ({
        id: row.id,
        name: row.name,
        description: row.description,
        ownerId: row.owner_id,
        createdAt: instantOf(row.created_at),
      })),
      teamMembers: teamMembers.map((row) => ({ teamId: row.team_id, userId: row.user_id })),
      endpoints: endpoints.map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        steps: row.steps ?? null,
        destination: row.destination ?? null,
        sealedDestination: row.sealed_destination,
        ownerId: row.owner_id,
        createdAt: instantOf(row.created_at),
      })),
      endpointAccessUsers: accessUsers.map((row) => ({ endpointId: row.endpoint_id, userId: row.user_id })),
      endpointAccessTeams: accessTeams.map((row) => ({ endpointId: row.endpoint_id, teamId: row.team_id })),
      providerConfigs: configs.map((row) => ({
        id: row.id,
        kind: row.kind,
        name: row.name,
        provider: row.provider,
        settings: row.settings,
        sealedSecrets: row.sealed_secrets,
        isDefault: row.is_default,
        isBackup: row.is_backup,
        createdAt: instantOf(row.created_at),
      })),
    };
    const version = createHash('sha256').update(JSON.stringify(rows)).digest('base64url');
    return { version, ...rows };
  });
}

function instantOf(value: Date | string): string {
  return new Date(value).toISOString();
}
