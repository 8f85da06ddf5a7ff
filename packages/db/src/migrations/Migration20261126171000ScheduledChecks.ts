import { Migration } from '@mikro-orm/migrations';

/**
 * The schedule of what the service asks of data sources itself: a row per evaluated rule (a
 * text-query, Elasticsearch, VictoriaLogs or Metabase rule) and per polled data source. The engine
 * claims due rows (`next_run_at`), holding a lease while one runs so runs never overlap, and keeps
 * here what the last run saw (its check document, or the error) and what the next one needs to
 * know (`memory`: instances pending their `for` duration, when each was last returned).
 */
export class Migration20261126171000ScheduledChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "scheduled_checks" (
      "kind" text not null,
      "subject_id" uuid not null,
      "interval_ms" integer not null,
      "next_run_at" timestamptz not null,
      "lease_until" timestamptz null,
      "last_scheduled_at" timestamptz null,
      "last_started_at" timestamptz null,
      "last_finished_at" timestamptz null,
      "last_status" text null,
      "last_error" text null,
      "last_document" jsonb null,
      "failures" integer not null default 0,
      "memory" jsonb not null default '{}',
      primary key ("kind", "subject_id"))`);
    this.addSql('create index "scheduled_checks_due_index" on "scheduled_checks" ("next_run_at")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table "scheduled_checks"');
  }
}
