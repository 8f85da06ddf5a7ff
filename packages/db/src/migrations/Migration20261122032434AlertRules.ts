import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032434AlertRules extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "data_sources" ("id" uuid not null, "name" varchar(255) not null, "type" text not null, "url" text not null, "username" varchar(255) null, "sealed_secrets" text null, "token_hash" varchar(255) null, "sealed_token" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('alter table "data_sources" add constraint "data_sources_name_unique" unique ("name")');
    this.addSql('create index "data_sources_type_index" on "data_sources" ("type")');
    this.addSql(
      'alter table "data_sources" add constraint "data_sources_token_hash_unique" unique ("token_hash")',
    );
    this.addSql(
      'create table "alert_rules" ("id" uuid not null, "name" varchar(255) not null, "description" text null, "type" text not null, "show_acknowledge_btn" boolean not null default false, "owner_id" uuid not null, "settings" jsonb not null, "tags" text[] not null default \'{}\', "pinned" boolean not null default false, "state" text not null default \'unknown\', "token_hash" varchar(255) null, "sealed_token" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('alter table "alert_rules" add constraint "alert_rules_name_unique" unique ("name")');
    this.addSql('create index "alert_rules_type_index" on "alert_rules" ("type")');
    this.addSql('create index "alert_rules_owner_id_index" on "alert_rules" ("owner_id")');
    this.addSql('create index "alert_rules_state_index" on "alert_rules" ("state")');
    this.addSql(
      'alter table "alert_rules" add constraint "alert_rules_token_hash_unique" unique ("token_hash")',
    );
    this.addSql('create index "alert_rules_list_order" on "alert_rules" ("pinned", "created_at", "id")');
    this.addSql('create index "alert_rules_tags_gin" on "alert_rules" using gin ("tags")');
    this.addSql(
      'create table "alert_rule_teams" ("alert_rule_id" uuid not null, "team_id" uuid not null, primary key ("alert_rule_id", "team_id"))',
    );
    this.addSql(
      'create table "alert_rule_endpoints" ("alert_rule_id" uuid not null, "endpoint_id" uuid not null, primary key ("alert_rule_id", "endpoint_id"))',
    );
    this.addSql(
      'create table "alert_rule_data_sources" ("alert_rule_id" uuid not null, "data_source_id" uuid not null, primary key ("alert_rule_id", "data_source_id"))',
    );
    this.addSql(
      'create table "alert_rule_users" ("alert_rule_id" uuid not null, "user_id" uuid not null, primary key ("alert_rule_id", "user_id"))',
    );
    this.addSql(
      'create table "alert_rule_silences" ("alert_rule_id" uuid not null, "user_id" uuid not null, primary key ("alert_rule_id", "user_id"))',
    );
    this.addSql(
      "alter table \"data_sources\" add constraint \"data_sources_type_check\" check (\"type\" in ('prometheus', 'grafana', 'pmm', 'sentry', 'splunk', 'metabase', 'zabbix', 'elastic', 'victoria_logs'))",
    );
    this.addSql(
      'alter table "alert_rules" add constraint "alert_rules_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict',
    );
    this.addSql(
      "alter table \"alert_rules\" add constraint \"alert_rules_type_check\" check (\"type\" in ('api', 'notification', 'prometheus', 'grafana', 'pmm', 'sentry', 'splunk', 'metabase', 'zabbix', 'elastic', 'victoria_logs'))",
    );
    this.addSql(
      "alter table \"alert_rules\" add constraint \"alert_rules_state_check\" check (\"state\" in ('unknown', 'warning', 'critical', 'triggered', 'resolved'))",
    );
    this.addSql(
      'alter table "alert_rule_teams" add constraint "alert_rule_teams_alert_rule_id_foreign" foreign key ("alert_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_teams" add constraint "alert_rule_teams_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_endpoints" add constraint "alert_rule_endpoints_alert_rule_id_foreign" foreign key ("alert_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_endpoints" add constraint "alert_rule_endpoints_endpoint_id_foreign" foreign key ("endpoint_id") references "endpoints" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_data_sources" add constraint "alert_rule_data_sources_alert_rule_id_foreign" foreign key ("alert_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_data_sources" add constraint "alert_rule_data_sources_data_source_id_foreign" foreign key ("data_source_id") references "data_sources" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_users" add constraint "alert_rule_users_alert_rule_id_foreign" foreign key ("alert_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_users" add constraint "alert_rule_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_silences" add constraint "alert_rule_silences_alert_rule_id_foreign" foreign key ("alert_rule_id") references "alert_rules" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "alert_rule_silences" add constraint "alert_rule_silences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table "alert_rule_data_sources" drop constraint "alert_rule_data_sources_data_source_id_foreign"',
    );
    this.addSql('alter table "alert_rule_teams" drop constraint "alert_rule_teams_alert_rule_id_foreign"');
    this.addSql(
      'alter table "alert_rule_endpoints" drop constraint "alert_rule_endpoints_alert_rule_id_foreign"',
    );
    this.addSql(
      'alter table "alert_rule_data_sources" drop constraint "alert_rule_data_sources_alert_rule_id_foreign"',
    );
    this.addSql('alter table "alert_rule_users" drop constraint "alert_rule_users_alert_rule_id_foreign"');
    this.addSql(
      'alter table "alert_rule_silences" drop constraint "alert_rule_silences_alert_rule_id_foreign"',
    );
    this.addSql('drop table if exists "data_sources" cascade');
    this.addSql('drop table if exists "alert_rules" cascade');
    this.addSql('drop table if exists "alert_rule_teams" cascade');
    this.addSql('drop table if exists "alert_rule_endpoints" cascade');
    this.addSql('drop table if exists "alert_rule_data_sources" cascade');
    this.addSql('drop table if exists "alert_rule_users" cascade');
    this.addSql('drop table if exists "alert_rule_silences" cascade');
  }
}
