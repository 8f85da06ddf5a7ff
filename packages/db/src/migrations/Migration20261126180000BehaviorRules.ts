import { Migration } from '@mikro-orm/migrations';

/**
 * Behavior rules of alert rules: the rules themselves (the kind's scalar fields in `settings`), the
 * endpoints notification and template rules name, and the alert rules silent rules depend on. The
 * links cascade both ways, so deleting an endpoint or a depended-on rule takes it out of every
 * behavior rule. `alert_rules.has_behavior_rules` is kept by the use cases so ingestion knows without
 * another query whether a rule has any.
 */
export class Migration20261126180000BehaviorRules extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "alert_rules" add "has_behavior_rules" boolean not null default false');
    this.addSql(`create table "alert_rule_behavior_rules" (
      "id" uuid not null,
      "alert_rule_id" uuid not null,
      "kind" text not null,
      "name" varchar(255) null,
      "settings" jsonb not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      primary key ("id"))`);
    this.addSql(
      'create index "alert_rule_behavior_rules_alert_rule_id_index" on "alert_rule_behavior_rules" ("alert_rule_id")',
    );
    this.addSql(`create table "alert_rule_behavior_endpoints" (
      "behavior_rule_id" uuid not null,
      "endpoint_id" uuid not null,
      primary key ("behavior_rule_id", "endpoint_id"))`);
    this.addSql(
      'create index "alert_rule_behavior_endpoints_endpoint_id_index" on "alert_rule_behavior_endpoints" ("endpoint_id")',
    );
    this.addSql(`create table "alert_rule_behavior_dependencies" (
      "behavior_rule_id" uuid not null,
      "depends_on_rule_id" uuid not null,
      primary key ("behavior_rule_id", "depends_on_rule_id"))`);
    this.addSql(
      'create index "alert_rule_behavior_dependencies_depends_on_rule_id_index" on "alert_rule_behavior_dependencies" ("depends_on_rule_id")',
    );
    this.addSql(
      'alter table "alert_rule_behavior_rules" add constraint "alert_rule_behavior_rules_alert_rule_id_foreign" foreign key ("alert_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_behavior_endpoints" add constraint "alert_rule_behavior_endpoints_behavior_rule_id_foreign" foreign key ("behavior_rule_id") references "alert_rule_behavior_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_behavior_endpoints" add constraint "alert_rule_behavior_endpoints_endpoint_id_foreign" foreign key ("endpoint_id") references "endpoints" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_behavior_dependencies" add constraint "alert_rule_behavior_dependencies_behavior_rule_id_foreign" foreign key ("behavior_rule_id") references "alert_rule_behavior_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_behavior_dependencies" add constraint "alert_rule_behavior_dependencies_depends_on_rule_id_foreign" foreign key ("depends_on_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table "alert_rule_behavior_dependencies"');
    this.addSql('drop table "alert_rule_behavior_endpoints"');
    this.addSql('drop table "alert_rule_behavior_rules"');
    this.addSql('alter table "alert_rules" drop column "has_behavior_rules"');
  }
}
