import { Migration } from '@mikro-orm/migrations';

/**
 * A data source's type is a loaded source plugin's, checked by the core: the database stops
 * holding the built-in list, so a plugin package brings its type without a migration. Going down
 * restores the check, which fails while rows of other types exist.
 */
export class Migration20261126110500DataSourceTypeFromPlugins extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "data_sources" drop constraint if exists "data_sources_type_check"');
  }

  override async down(): Promise<void> {
    this.addSql(
      "alter table \"data_sources\" add constraint \"data_sources_type_check\" check (\"type\" in ('prometheus', 'grafana', 'pmm', 'sentry', 'splunk', 'metabase', 'zabbix', 'elastic', 'victoria_logs'))",
    );
  }
}
