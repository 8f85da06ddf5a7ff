import { Migration } from '@mikro-orm/migrations';

/**
 * The live feed's commit-order cursor on the two tables it reads: the inserting transaction's id.
 * Added without a default first, then given one, so existing rows stay null (history, not news)
 * and the table is not rewritten; rows inserted from now on carry their transaction's id.
 */
export class Migration20261127002000LiveEventCursor extends Migration {
  override async up(): Promise<void> {
    for (const table of ['alert_events', 'delivery_attempts']) {
      this.addSql(`alter table "${table}" add column "txid" xid8 null`);
      this.addSql(`alter table "${table}" alter column "txid" set default pg_current_xact_id()`);
      this.addSql(`create index "${table}_txid" on "${table}" ("txid", "id")`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['alert_events', 'delivery_attempts']) {
      this.addSql(`drop index "${table}_txid"`);
      this.addSql(`alter table "${table}" drop column "txid"`);
    }
  }
}
