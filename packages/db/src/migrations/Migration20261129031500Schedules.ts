import { Migration } from '@mikro-orm/migrations';

/**
 * On-call schedules (`@oncall/schedules`): one row per schedule, layers and overrides as JSON
 * documents the resolver reads whole, the iCal feed secret as its SHA-256.
 */
export class Migration20261129031500Schedules extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "schedules" ("id" uuid not null, "team_id" uuid not null, "name" text not null, "time_zone" text not null, "layers" jsonb not null, "overrides" jsonb not null, "ical_token_hash" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('create index "schedules_team_id_index" on "schedules" ("team_id")');
    this.addSql('alter table "schedules" add constraint "schedules_name_unique" unique ("name")');
    this.addSql(
      'alter table "schedules" add constraint "schedules_ical_token_hash_unique" unique ("ical_token_hash")',
    );
    this.addSql(
      'alter table "schedules" add constraint "schedules_team_id_foreign" foreign key ("team_id") references "teams" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "schedules" cascade');
  }
}
