import { Migration } from '@mikro-orm/migrations';

/** Pages every provider config of their endpoint failed, and whom the rule's owner was told through. */
export class Migration20261129030000UndeliverablePages extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "undeliverable_pages" ("alert_event_id" text not null, "endpoint_id" text not null, "told_endpoint_ids" jsonb not null default '[]', "created_at" timestamptz not null, primary key ("alert_event_id", "endpoint_id"))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "undeliverable_pages" cascade');
  }
}
