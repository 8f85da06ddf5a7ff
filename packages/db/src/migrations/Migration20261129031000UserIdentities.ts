import { Migration } from '@mikro-orm/migrations';

/**
 * Single sign-on identities: the provider's (issuer, subject) pair names one user for good, so a
 * renamed account or a changed email at the provider still signs in as the same user.
 */
export class Migration20261129031000UserIdentities extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "user_identities" ("issuer" varchar(255) not null, "subject" varchar(255) not null, "user_id" uuid not null, "created_at" timestamptz not null, primary key ("issuer", "subject"))',
    );
    this.addSql('create index "user_identities_user_id_index" on "user_identities" ("user_id")');
    this.addSql(
      'alter table "user_identities" add constraint "user_identities_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "user_identities" cascade');
  }
}
