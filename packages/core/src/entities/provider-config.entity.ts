import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';

/** A provider config kind: the endpoint type of a provider-backed channel plugin (the registry's `providerKinds`). */
export type ProviderKind = string;

/**
 * An instance-wide delivery setting of a provider-backed endpoint type (SMS, call, email, or a
 * plugin's). Non-secret settings are JSON text values, keyed as the channel's config schema names
 * them; secret ones (API tokens, SMTP passwords) are sealed with the SecretBox as one JSON
 * document. At most one default and one backup per kind. The kind is checked against the loaded
 * plugins in code, so a plugin's kind needs no migration.
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
    kind: p.text().index(),
    name: p.string(),
    /** The channel's `serves.provider.name`: `providerOne` for call and SMS, `smtp` for email. */
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
