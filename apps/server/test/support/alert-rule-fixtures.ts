import { randomBytes } from 'node:crypto';
import type { DataSourceType } from '@oncall/core';
import { DataSource, Endpoint, sealJson, Team, User } from '@oncall/core/persistence';
import type { TestCore } from '@oncall/testing';

const suffix = () => randomBytes(3).toString('hex');

/**
 * Records alert-rule tests refer to, inserted through the ORM: their own routes (OTP checks,
 * connection rules) are tested elsewhere and are not what these tests are about.
 */
/** `url`: where the rule form's lists are read from; an address that never resolves by default. */
export async function seedDataSource(
  t: TestCore,
  type: DataSourceType,
  url = 'https://source.example.invalid',
): Promise<string> {
  const em = t.core.orm.em.fork();
  const source = em.create(DataSource, { name: `${type}-${suffix()}`, type, url });
  await em.flush();
  return source.id;
}

export async function seedEndpoint(
  t: TestCore,
  ownerId: string,
  options: { name?: string; accessUserIds?: string[] } = {},
): Promise<string> {
  const em = t.core.orm.em.fork();
  const endpoint = em.create(Endpoint, {
    name: options.name ?? `endpoint-${suffix()}`,
    type: 'teams',
    sealedDestination: sealJson(t.core.secretBox, { value: 'https://hooks.example.invalid/webhook' }),
    owner: em.getReference(User, ownerId),
  });
  endpoint.accessUsers.set((options.accessUserIds ?? []).map((id) => em.getReference(User, id)));
  await em.flush();
  return endpoint.id;
}

export async function seedTeam(t: TestCore, ownerId: string, memberIds: string[]): Promise<string> {
  const em = t.core.orm.em.fork();
  const team = em.create(Team, { name: `team-${suffix()}`, owner: em.getReference(User, ownerId) });
  team.members.set(memberIds.map((id) => em.getReference(User, id)));
  await em.flush();
  return team.id;
}
