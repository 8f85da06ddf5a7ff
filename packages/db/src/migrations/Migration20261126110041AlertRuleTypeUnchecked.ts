import { Migration } from '@mikro-orm/migrations';

/**
 * Rule types come from the loaded plugins: the service checks them against its rule-type catalog,
 * so the database no longer lists them and a plugin's type needs no migration.
 */
export class Migration20261126110041AlertRuleTypeUnchecked extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "alert_rules" drop constraint "alert_rules_type_check"');
  }

  override async down(): Promise<void> {
    this.addSql(
      "alter table \"alert_rules\" add constraint \"alert_rules_type_check\" check (\"type\" in ('api', 'notification', 'prometheus', 'grafana', 'pmm', 'sentry', 'splunk', 'metabase', 'zabbix', 'elastic', 'victoria_logs'))",
    );
  }
}
