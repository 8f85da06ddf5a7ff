import { Migration } from '@mikro-orm/migrations';

/**
 * People's notification rules (`@oncall/schedules`): per user and urgency, which of their own
 * endpoints a page reaches and how many minutes after the page starts. Deleting the user or the
 * endpoint deletes its rules.
 */
export class Migration20261129093700NotificationRules extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "notification_rules" ("id" uuid not null, "user_id" uuid not null, "urgency" text not null, "delay_minutes" int not null, "endpoint_id" uuid not null, "created_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql(
      'create unique index "notification_rules_user_urgency_delay_endpoint_unique" on "notification_rules" ("user_id", "urgency", "delay_minutes", "endpoint_id")',
    );
    this.addSql(
      'alter table "notification_rules" add constraint "notification_rules_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "notification_rules" add constraint "notification_rules_endpoint_id_foreign" foreign key ("endpoint_id") references "endpoints" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "notification_rules" cascade');
  }
}
