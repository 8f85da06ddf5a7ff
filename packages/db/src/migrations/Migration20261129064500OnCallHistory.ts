import { Migration } from '@mikro-orm/migrations';

/**
 * The append-only on-call history (`@oncall/schedules`): one row per person per stretch on call,
 * written as shifts change; `history_through` is how far each schedule's history is written.
 */
export class Migration20261129064500OnCallHistory extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "schedules" add column "history_through" timestamptz null');
    this.addSql(
      'create table "on_call_history" ("id" uuid not null, "schedule_id" uuid not null, "user_id" uuid not null, "started_at" timestamptz not null, "ended_at" timestamptz null, "layer_id" text null, "rotation_id" text null, "override_id" text null, primary key ("id"))',
    );
    this.addSql(
      'create index "on_call_history_schedule_id_started_at_index" on "on_call_history" ("schedule_id", "started_at")',
    );
    this.addSql(
      'alter table "on_call_history" add constraint "on_call_history_schedule_id_foreign" foreign key ("schedule_id") references "schedules" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "on_call_history" add constraint "on_call_history_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "on_call_history" cascade');
    this.addSql('alter table "schedules" drop column if exists "history_through"');
  }
}
