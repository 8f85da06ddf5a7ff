import { defineEntity, p } from '@mikro-orm/core';

/**
 * Instance-wide singletons (the cluster configuration, …) keyed by name. Secret parts of a value are
 * sealed by the feature that owns the key before they are stored here.
 */
const SystemSettingSchema = defineEntity({
  name: 'SystemSetting',
  tableName: 'system_settings',
  properties: {
    key: p.string().primary(),
    value: p.json<Record<string, unknown>>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class SystemSetting extends SystemSettingSchema.class {}
SystemSettingSchema.setClass(SystemSetting);

export { SystemSettingSchema };
