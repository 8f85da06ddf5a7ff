import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043427AlertRuleListIndexes extends Migration {
  override async up(): Promise<void> {
    // Trusted since PostgreSQL 13: the database owner may create it. Left in place by `down`.
    this.addSql('create extension if not exists pg_trgm');
    this.addSql('drop index "alert_rules_state_index"');
    this.addSql('create index "alert_rules_state_type" on "alert_rules" ("state", "type")');
    this.addSql('create index "alert_rules_name_trgm" on "alert_rules" using gin ("name" gin_trgm_ops)');
    this.addSql('create index "alert_rule_teams_team_id_index" on "alert_rule_teams" ("team_id")');
    this.addSql('create index "alert_rule_silences_user_id_index" on "alert_rule_silences" ("user_id")');
    this.addSql('create index "alert_rule_users_user_id_index" on "alert_rule_users" ("user_id")');
    this.addSql(
      'create index "alert_rule_endpoints_endpoint_id_index" on "alert_rule_endpoints" ("endpoint_id")',
    );
    this.addSql(
      'create index "alert_rule_data_sources_data_source_id_index" on "alert_rule_data_sources" ("data_source_id")',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index "alert_rule_data_sources_data_source_id_index"');
    this.addSql('drop index "alert_rule_endpoints_endpoint_id_index"');
    this.addSql('drop index "alert_rule_silences_user_id_index"');
    this.addSql('drop index "alert_rule_teams_team_id_index"');
    this.addSql('drop index "alert_rule_users_user_id_index"');
    this.addSql('drop index "alert_rules_state_type"');
    this.addSql('drop index "alert_rules_name_trgm"');
    this.addSql('create index "alert_rules_state_index" on "alert_rules" ("state")');
  }
}
