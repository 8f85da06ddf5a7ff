import { randomBytes } from 'node:crypto';
import type { AlertRuleType } from '@oncall/core';
import { AlertRule, Endpoint, sealJson, User } from '@oncall/core/persistence';
import type { TestCore } from '@oncall/testing';

/**
 * Inserts a rule with a known ingestion token and endpoints owned by the given users, straight
 * through the ORM: ingestion tests are about what happens to alerts, not about rule management.
 */
export async function seedRule(
  t: TestCore,
  options: { type?: AlertRuleType; name?: string; endpointOwners?: string[] } = {},
): Promise<{ ruleId: string; token: string; endpointIds: string[] }> {
  const em = t.core.orm.em.fork();
  const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
  const token = `ak_${randomBytes(32).toString('base64url')}`;
  const rule = em.create(AlertRule, {
    name: options.name ?? `rule-${randomBytes(4).toString('hex')}`,
    type: options.type ?? 'api',
    owner: admin,
    settings: {},
    tokenHash: t.core.secretBox.lookupHash(token),
    sealedToken: t.core.secretBox.encrypt(token),
  });
  const endpoints = (options.endpointOwners ?? [admin.id]).map((ownerId, i) =>
    em.create(Endpoint, {
      name: `ep-${i}-${randomBytes(3).toString('hex')}`,
      type: 'teams',
      sealedDestination: sealJson(t.core.secretBox, { value: 'https://example.invalid/webhook' }),
      owner: em.getReference(User, ownerId),
    }),
  );
  rule.endpoints.set(endpoints);
  await em.flush();
  return { ruleId: rule.id, token, endpointIds: endpoints.map((e) => e.id) };
}
