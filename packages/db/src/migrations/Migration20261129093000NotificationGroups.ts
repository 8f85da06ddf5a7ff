import { Migration } from '@mikro-orm/migrations';

/**
 * Grouped notifications (issue #31): a rule's grouping settings (null group interval: the instance
 * default), the group windows the dispatches and the flusher share, and which instances a grouped
 * message carried in the delivery log. No backfill: every existing rule takes the instance default.
 */
export class Migration20261129093000NotificationGroups extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "alert_rules" add column "group_interval_seconds" int null, add column "group_by" text[] not null default '{}', add column "repeat_interval_seconds" int not null default 0`,
    );
    this.addSql(
      'create table "notification_groups" ("window_key" text not null, "rule_id" text not null, "endpoint_id" text not null, "group_key" text not null, "state" jsonb not null, "due_at" timestamptz null, "updated_at" timestamptz not null, primary key ("window_key"))',
    );
    this.addSql('create index "notification_groups_due" on "notification_groups" ("due_at")');
    this.addSql('alter table "delivery_attempts" add column "carried" jsonb null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "delivery_attempts" drop column "carried"');
    this.addSql('drop table if exists "notification_groups"');
    this.addSql(
      'alter table "alert_rules" drop column "group_interval_seconds", drop column "group_by", drop column "repeat_interval_seconds"',
    );
  }
}
