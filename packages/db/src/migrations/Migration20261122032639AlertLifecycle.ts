import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032639AlertLifecycle extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "alert_events" ("id" uuid not null, "rule_id" uuid not null, "instance_id" uuid null, "episode_id" uuid null, "kind" text not null, "state" text null, "rule_state" text not null, "alertname" varchar(255) null, "instance" text null, "description" text null, "actor_id" uuid null, "payload" jsonb null, "created_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('create index "alert_events_rule_time" on "alert_events" ("rule_id", "created_at")');
    this.addSql(
      'create table "alert_instances" ("id" uuid not null, "rule_id" uuid not null, "fingerprint" varchar(255) not null, "alertname" varchar(255) null, "instance" text not null, "state" text not null, "description" text null, "summary" text null, "labels" jsonb null, "details" jsonb null, "episode_id" uuid not null, "fired_at" timestamptz not null, "last_seen_at" timestamptz not null, "resolved_at" timestamptz null, "acknowledged_at" timestamptz null, "acknowledged_by_id" uuid null, primary key ("id"))',
    );
    this.addSql('create index "alert_instances_rule_state" on "alert_instances" ("rule_id", "state")');
    this.addSql(
      'alter table "alert_instances" add constraint "alert_instances_rule_fingerprint" unique ("rule_id", "fingerprint")',
    );
    this.addSql(
      'alter table "alert_events" add constraint "alert_events_rule_id_foreign" foreign key ("rule_id") references "alert_rules" ("id") on delete cascade',
    );
    this.addSql(
      "alter table \"alert_events\" add constraint \"alert_events_kind_check\" check (\"kind\" in ('fired', 'refired', 'status', 'triggered', 'resolved', 'auto_resolved', 'acknowledged', 'test'))",
    );
    this.addSql(
      "alter table \"alert_events\" add constraint \"alert_events_state_check\" check (\"state\" in ('unknown', 'warning', 'critical', 'triggered', 'resolved'))",
    );
    this.addSql(
      "alter table \"alert_events\" add constraint \"alert_events_rule_state_check\" check (\"rule_state\" in ('unknown', 'warning', 'critical', 'triggered', 'resolved'))",
    );
    this.addSql(
      'alter table "alert_instances" add constraint "alert_instances_rule_id_foreign" foreign key ("rule_id") references "alert_rules" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "alert_instances" add constraint "alert_instances_acknowledged_by_id_foreign" foreign key ("acknowledged_by_id") references "users" ("id") on delete set null',
    );
    this.addSql(
      "alter table \"alert_instances\" add constraint \"alert_instances_state_check\" check (\"state\" in ('unknown', 'warning', 'critical', 'triggered', 'resolved'))",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "alert_events" cascade');
    this.addSql('drop table if exists "alert_instances" cascade');
  }
}
