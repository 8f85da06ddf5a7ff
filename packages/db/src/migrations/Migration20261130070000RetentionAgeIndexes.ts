import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes on the age of shift-change notices and round-robin picks: retention deletes them by
 * `created_at` in batches, and without an index every batch read the whole table. Both tables are
 * new and small where this runs first, so a plain (locking) build is short.
 */
export class Migration20261130070000RetentionAgeIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "notices_created_at" on "notices" ("created_at")');
    this.addSql('create index "round_robin_picks_created_at" on "round_robin_picks" ("created_at")');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "notices_created_at"');
    this.addSql('drop index if exists "round_robin_picks_created_at"');
  }
}
