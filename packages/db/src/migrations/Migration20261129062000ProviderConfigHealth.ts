import { Migration } from '@mikro-orm/migrations';

/**
 * The provider-health check reads each provider config's latest delivery attempts, newest first
 * (`core/src/provider-health/provider-health-check.ts`): an index by config and time answers that without
 * scanning the log.
 */
export class Migration20261129062000ProviderConfigHealth extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index "delivery_attempts_provider_config_created" on "delivery_attempts" ("provider_config_id", "created_at")',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "delivery_attempts_provider_config_created"');
  }
}
