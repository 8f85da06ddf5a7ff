import { Migration } from '@mikro-orm/migrations';

/**
 * A person's own iCal feed (`@oncall/schedules`): their shifts across every schedule on one secret
 * address, kept only as the SHA-256 of its token. One per user; deleting the user deletes it.
 */
export class Migration20261129134952UserIcalFeeds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "user_ical_feeds" ("user_id" uuid not null, "token_hash" text not null, "created_at" timestamptz not null, primary key ("user_id"))',
    );
    this.addSql(
      'alter table "user_ical_feeds" add constraint "user_ical_feeds_token_hash_unique" unique ("token_hash")',
    );
    this.addSql(
      'alter table "user_ical_feeds" add constraint "user_ical_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "user_ical_feeds" cascade');
  }
}
