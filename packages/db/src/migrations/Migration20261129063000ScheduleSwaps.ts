import { Migration } from '@mikro-orm/migrations';

/**
 * Swap requests on on-call schedules (`@oncall/schedules`): a person offers a range of their shifts,
 * a teammate takes it (it becomes a `replace` override) or the offer is withdrawn.
 */
export class Migration20261129063000ScheduleSwaps extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "schedule_swaps" ("id" uuid not null, "schedule_id" uuid not null, "offered_by_id" uuid not null, "from" timestamptz not null, "until" timestamptz not null, "note" text null, "state" text not null, "taken_by_id" uuid null, "override_id" uuid null, "created_at" timestamptz not null, "decided_at" timestamptz null, primary key ("id"))',
    );
    this.addSql('create index "schedule_swaps_schedule_id_index" on "schedule_swaps" ("schedule_id")');
    this.addSql(
      'alter table "schedule_swaps" add constraint "schedule_swaps_schedule_id_foreign" foreign key ("schedule_id") references "schedules" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "schedule_swaps" add constraint "schedule_swaps_offered_by_id_foreign" foreign key ("offered_by_id") references "users" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "schedule_swaps" add constraint "schedule_swaps_taken_by_id_foreign" foreign key ("taken_by_id") references "users" ("id") on delete set null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "schedule_swaps" cascade');
  }
}
