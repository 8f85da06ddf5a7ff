import { Migration } from '@mikro-orm/migrations';

/**
 * Shift-change notices: a schedule may name a chat endpoint to hear who is on call now
 * (`notice_endpoint_id`); each notice is a `notices` row (its text, unique by what it announces)
 * that the delivery log names by `notice_id`.
 */
export class Migration20261129104000ShiftNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "notices" ("id" uuid not null, "key" text not null, "endpoint_id" varchar(255) not null, "title" text not null, "body" text not null, "created_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('alter table "notices" add constraint "notices_key_unique" unique ("key")');
    this.addSql('alter table "delivery_attempts" add column "notice_id" varchar(255) null');
    this.addSql('alter table "schedules" add column "notice_endpoint_id" uuid null');
    this.addSql(
      'alter table "schedules" add constraint "schedules_notice_endpoint_id_foreign" foreign key ("notice_endpoint_id") references "endpoints" ("id") on delete set null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table "schedules" drop constraint if exists "schedules_notice_endpoint_id_foreign"');
    this.addSql('alter table "schedules" drop column if exists "notice_endpoint_id"');
    this.addSql('alter table "delivery_attempts" drop column if exists "notice_id"');
    this.addSql('drop table if exists "notices" cascade');
  }
}
