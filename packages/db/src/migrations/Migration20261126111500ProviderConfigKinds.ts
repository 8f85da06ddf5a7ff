import { Migration } from '@mikro-orm/migrations';

/**
 * Provider config kinds are the provider-backed endpoint types of the loaded channel plugins,
 * checked in code: a plugin's kind needs no migration.
 */
export class Migration20261126111500ProviderConfigKinds extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "provider_configs" drop constraint if exists "provider_configs_kind_check"');
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table "provider_configs" add constraint "provider_configs_kind_check" check ("kind" in (\'call\', \'email\', \'sms\'))',
    );
  }
}
