import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

export const PROVIDER_KINDS = ['call', 'email', 'sms'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/**
 * An instance-wide delivery setting for call, email or SMS. Non-secret settings are plain JSON;
 * secret ones (API tokens, SMTP passwords) are sealed with the SecretBox as one JSON document.
 * At most one default and one backup per kind.
 */
const ProviderConfigSchema = defineEntity({
  name: 'ProviderConfig',
  tableName: 'provider_configs',
  // At most one default and one backup per kind, even under concurrent requests.
  indexes: [
    {
      name: 'provider_configs_one_default',
      expression:
        'create unique index "provider_configs_one_default" on "provider_configs" ("kind") where "is_default"',
    },
    {
      name: 'provider_configs_one_backup',
      expression:
        'create unique index "provider_configs_one_backup" on "provider_configs" ("kind") where "is_backup"',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    kind: p.enum([...PROVIDER_KINDS]).index(),
    name: p.string(),
    /** The plugin behind it: `providerOne` for call and SMS, `smtp` for email. */
    provider: p.string(),
    settings: p.json<Record<string, string>>(),
    sealedSecrets: p.text().nullable(),
    isDefault: p.boolean().default(false),
    isBackup: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class ProviderConfig extends ProviderConfigSchema.class {}
ProviderConfigSchema.setClass(ProviderConfig);

export { ProviderConfigSchema };
