import { Migration } from '@mikro-orm/migrations';

/**
 * Heartbeat rules' watched jobs (`@oncall/heartbeats`): one row per rule and instance key, with
 * when the monitor must look at it next (`due_at`), claimed with `for update skip locked`.
 */
export class Migration20261128235304Heartbeats extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "heartbeats" ("id" uuid not null, "rule_id" uuid not null, "instance" text not null, "state" text not null, "due_at" timestamptz null, "late_at" timestamptz null, "down_at" timestamptz null, "last_ping_at" timestamptz null, "last_ping_kind" text null, "last_exit_status" int null, "last_run_id" text null, "last_body" text null, "last_started_at" timestamptz null, "pings" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('create index "heartbeats_due_at" on "heartbeats" ("due_at")');
    this.addSql(
      'alter table "heartbeats" add constraint "heartbeats_rule_instance" unique ("rule_id", "instance")',
    );
    this.addSql(
      'alter table "heartbeats" add constraint "heartbeats_rule_id_foreign" foreign key ("rule_id") references "alert_rules" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "heartbeats" cascade');
  }
}
