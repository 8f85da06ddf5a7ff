import { Migration } from '@mikro-orm/migrations';

/**
 * Round-robin people steps (`@oncall/schedules`): each step's turn counter, and the person picked
 * for each alert, so a retried or repeated step pages the same person and a restart loses no turn.
 * Keyed by text ids without foreign keys, as the delivery log: flows and alerts may go first.
 */
export class Migration20261129095200RoundRobin extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "round_robin_cursors" ("step_key" text not null, "turns" int not null default 0, primary key ("step_key"))',
    );
    this.addSql(
      'create table "round_robin_picks" ("step_key" text not null, "alert_event_id" text not null, "user_id" uuid not null, "created_at" timestamptz not null default now(), primary key ("step_key", "alert_event_id"))',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "round_robin_picks" cascade');
    this.addSql('drop table if exists "round_robin_cursors" cascade');
  }
}
