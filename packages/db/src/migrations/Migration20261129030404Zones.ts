import { Migration } from '@mikro-orm/migrations';

/**
 * Agent zones registered on a main (`@oncall/zones`): the token's hash (null once revoked), the
 * sealed key assertions to the agent are signed with, what its last heartbeat said, and the alert
 * rule that pages when it falls silent.
 */
export class Migration20261129030404Zones extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "zones" ("id" uuid not null, "name" varchar(255) not null, "url" text not null, "token_hash" text null, "token_hint" text null, "sealed_signing_key" text null, "silence_rule_id" uuid null, "last_heard_at" timestamptz null, "version" text null, "lag_ms" int null, "silent" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('alter table "zones" add constraint "zones_name_unique" unique ("name")');
    this.addSql(
      'alter table "zones" add constraint "zones_silence_rule_id_foreign" foreign key ("silence_rule_id") references "alert_rules" ("id") on delete set null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "zones" cascade');
  }
}
