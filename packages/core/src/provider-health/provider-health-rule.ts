import type { EntityManager } from '@mikro-orm/core';
import { issueRuleToken } from '../alert-rules/rule-token';
import type { SecretBox } from '../crypto/secret-box';
import { AlertRule } from '../entities/alert-rule.entity';
import { Endpoint } from '../entities/endpoint.entity';
import { User } from '../entities/user.entity';
import { queryRows } from '../persistence/query-rows';
import { runStatement } from '../persistence/run-statement';

/** The `system_settings` key that names the provider-health rule. */
export const PROVIDER_HEALTH_SETTING = 'provider_health';
const RULE_NAMES = ['Delivery provider configs', 'Delivery provider configs (service)'];

/**
 * The rule provider configs' alerts live on: an ordinary `api` rule, so its alerts page, escalate,
 * dedup, show on the Now page and in the delivery log as every other rule's, and its endpoints,
 * shares and behavior rules are edited as any rule's. Made on first need, owned by the system
 * admin, paging the endpoints (flows aside) of the instance's owners and managers, who administer
 * provider configs; `system_settings` remembers it, so a renamed rule is still the one, and a
 * deleted one is made again the next time a config fails. The setting's row is locked while the
 * rule is looked up or made, so two engine processes make one.
 */
export async function providerHealthRuleId(
  tx: EntityManager,
  deps: { secretBox: SecretBox; maxEndpoints: number },
): Promise<string | null> {
  await runStatement(
    tx,
    `insert into system_settings (key, value, updated_at) values (?, '{}'::jsonb, ?) on conflict do nothing`,
    [PROVIDER_HEALTH_SETTING, new Date()],
  );
  const [setting] = await queryRows<{ rule_id: string | null }>(
    tx,
    `select s.value->>'ruleId' as rule_id from system_settings s where s.key = ? for update`,
    [PROVIDER_HEALTH_SETTING],
  );
  const stored = setting?.rule_id ?? null;
  if (stored !== null) {
    const [rule] = await queryRows<{ id: string }>(
      tx,
      'select id::text as id from alert_rules where id::text = ?',
      [stored],
    );
    if (rule) return rule.id;
  }
  const owner = await tx.findOne(User, { isSystemAdmin: true });
  if (!owner) return null;
  const taken = await queryRows<{ name: string }>(
    tx,
    'select name from alert_rules where name in (?, ?)',
    RULE_NAMES,
  );
  const name = RULE_NAMES.find((candidate) => !taken.some((row) => row.name === candidate));
  if (name === undefined) return null;
  const endpoints = await queryRows<{ id: string }>(
    tx,
    `select en.id::text as id from endpoints en join users u on u.id = en.owner_id
      where u.role in ('owner', 'manager') and en.type <> 'flow'
      order by u.is_system_admin desc, en.created_at, en.id limit ?`,
    [deps.maxEndpoints],
  );
  const rule = tx.create(AlertRule, {
    name,
    description:
      'Alerts of the service itself: a provider config (SMS, call, email, …) whose delivery attempts keep failing, whatever rule they deliver for. Resolved by its next delivered attempt.',
    type: 'api',
    owner,
    settings: {},
    tags: ['service'],
    ...issueRuleToken(deps.secretBox),
  });
  rule.endpoints.set(endpoints.map((endpoint) => tx.getReference(Endpoint, endpoint.id)));
  await tx.flush();
  await runStatement(tx, 'update system_settings set value = ?::jsonb, updated_at = ? where key = ?', [
    JSON.stringify({ ruleId: rule.id }),
    new Date(),
    PROVIDER_HEALTH_SETTING,
  ]);
  return rule.id;
}
