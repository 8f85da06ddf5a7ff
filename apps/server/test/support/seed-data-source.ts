import { randomBytes } from 'node:crypto';
import type { AlertRuleType, DataSourceType } from '@oncall/core';
import { AlertRule, DataSource, User } from '@oncall/core/persistence';
import type { TestCore } from '@oncall/testing';

/** A webhook data source with a known token and one rule listening to it with the given filters. */
export async function seedWebhookRule(
  t: TestCore,
  type: DataSourceType & AlertRuleType,
  settings: Record<string, unknown>,
  existingSourceId?: string,
): Promise<{ ruleId: string; sourceId: string; token: string }> {
  const em = t.core.orm.em.fork();
  const admin = await em.findOneOrFail(User, { isSystemAdmin: true });
  const token = `ds_${randomBytes(32).toString('base64url')}`;
  const source = existingSourceId
    ? await em.findOneOrFail(DataSource, { id: existingSourceId })
    : em.create(DataSource, {
        name: `${type}-${randomBytes(3).toString('hex')}`,
        type,
        url: 'https://monitoring.example.invalid',
        tokenHash: t.core.secretBox.lookupHash(token),
        sealedToken: t.core.secretBox.encrypt(token),
      });
  const rule = em.create(AlertRule, {
    name: `${type}-rule-${randomBytes(3).toString('hex')}`,
    type,
    owner: admin,
    settings,
  });
  rule.dataSources.add(source);
  await em.flush();
  return { ruleId: rule.id, sourceId: source.id, token };
}
