import { Migration } from '@mikro-orm/migrations';

/**
 * Single sign-on identities: the provider's (issuer, subject) pair names one user for good, so a
 * renamed account or a changed email at the provider still signs in as the same user.
 */
export class Migration20261129030000UserIdentities extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "user_identities" ("issuer" varchar(255) not null, "subject" varchar(255) not null, "user_id" uuid not null references "users" ("id") on delete cascade, "created_at" timestamptz not null, primary key ("issuer", "subject"))',
    );
    this.addSql('create index "user_identities_user_id_index" on "user_identities" ("user_id")');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "user_identities" cascade');
  }
}
