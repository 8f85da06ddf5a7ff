import { Migration } from '@mikro-orm/migrations';

export class Migration20261122031221NotificationEndpoints extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "delivery_attempts" ("id" uuid not null, "notification_kind" varchar(255) not null, "alert_event_id" varchar(255) null, "endpoint_id" varchar(255) null, "otp_id" varchar(255) null, "provider_config_id" varchar(255) not null, "attempt" int not null, "idempotency_key" varchar(255) not null, "outcome" text not null, "error" text null, "retry_after_ms" int null, "latency_ms" int null, "created_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql(
      'create index "delivery_attempts_alert_event_id_index" on "delivery_attempts" ("alert_event_id")',
    );
    this.addSql('create index "delivery_attempts_endpoint_id_index" on "delivery_attempts" ("endpoint_id")');
    this.addSql(
      'alter table "delivery_attempts" add constraint "delivery_attempts_idempotency_key_unique" unique ("idempotency_key")',
    );
    this.addSql(
      'create table "messenger_proxies" ("id" uuid not null, "name" varchar(255) not null, "type" text not null, "host" varchar(255) not null, "port" varchar(255) not null, "username" varchar(255) null, "sealed_password" text null, "is_active" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql(
      'create unique index "messenger_proxies_one_active" on "messenger_proxies" ((true)) where "is_active"',
    );
    this.addSql(
      'create table "provider_configs" ("id" uuid not null, "kind" text not null, "name" varchar(255) not null, "provider" varchar(255) not null, "settings" jsonb not null, "sealed_secrets" text null, "is_default" boolean not null default false, "is_backup" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('create index "provider_configs_kind_index" on "provider_configs" ("kind")');
    this.addSql(
      'create unique index "provider_configs_one_default" on "provider_configs" ("kind") where "is_default"',
    );
    this.addSql(
      'create unique index "provider_configs_one_backup" on "provider_configs" ("kind") where "is_backup"',
    );
    this.addSql(
      'create table "system_settings" ("key" varchar(255) not null, "value" jsonb not null, "updated_at" timestamptz not null, primary key ("key"))',
    );
    this.addSql(
      'create table "otp_codes" ("id" uuid not null, "user_id" uuid not null, "channel" text not null, "destination" varchar(255) not null, "code_hash" varchar(255) not null, "sealed_code" text not null, "expires_at" timestamptz not null, "failed_attempts" int not null default 0, "consumed_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql(
      'create index "otp_codes_user_id_channel_destination_index" on "otp_codes" ("user_id", "channel", "destination")',
    );
    this.addSql(
      'create table "endpoints" ("id" uuid not null, "name" varchar(255) not null, "type" text not null, "value" text not null, "thread_id" varchar(255) null, "sealed_bot_token" text null, "steps" jsonb null, "owner_id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('create index "endpoints_type_index" on "endpoints" ("type")');
    this.addSql('create index "endpoints_owner_id_index" on "endpoints" ("owner_id")');
    this.addSql(
      'create table "endpoint_access_users" ("endpoint_id" uuid not null, "user_id" uuid not null, primary key ("endpoint_id", "user_id"))',
    );
    this.addSql(
      'create table "endpoint_access_teams" ("endpoint_id" uuid not null, "team_id" uuid not null, primary key ("endpoint_id", "team_id"))',
    );
    this.addSql(
      "alter table \"delivery_attempts\" add constraint \"delivery_attempts_outcome_check\" check (\"outcome\" in ('delivered', 'transient', 'permanent', 'rateLimited'))",
    );
    this.addSql(
      'alter table "messenger_proxies" add constraint "messenger_proxies_type_check" check ("type" in (\'http\', \'socks5\'))',
    );
    this.addSql(
      'alter table "provider_configs" add constraint "provider_configs_kind_check" check ("kind" in (\'call\', \'email\', \'sms\'))',
    );
    this.addSql(
      'alter table "otp_codes" add constraint "otp_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "otp_codes" add constraint "otp_codes_channel_check" check ("channel" in (\'sms\', \'call\', \'email\'))',
    );
    this.addSql(
      'alter table "endpoints" add constraint "endpoints_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict',
    );
    this.addSql(
      "alter table \"endpoints\" add constraint \"endpoints_type_check\" check (\"type\" in ('sms', 'call', 'email', 'telegram', 'bale', 'teams', 'matter-most', 'flow'))",
    );
    this.addSql(
      'alter table "endpoint_access_users" add constraint "endpoint_access_users_endpoint_id_foreign" foreign key ("endpoint_id") references "endpoints" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "endpoint_access_users" add constraint "endpoint_access_users_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "endpoint_access_teams" add constraint "endpoint_access_teams_endpoint_id_foreign" foreign key ("endpoint_id") references "endpoints" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "endpoint_access_teams" add constraint "endpoint_access_teams_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      'alter table "endpoint_access_users" drop constraint "endpoint_access_users_endpoint_id_foreign"',
    );
    this.addSql(
      'alter table "endpoint_access_teams" drop constraint "endpoint_access_teams_endpoint_id_foreign"',
    );
    this.addSql('drop table if exists "delivery_attempts" cascade');
    this.addSql('drop table if exists "messenger_proxies" cascade');
    this.addSql('drop table if exists "provider_configs" cascade');
    this.addSql('drop table if exists "system_settings" cascade');
    this.addSql('drop table if exists "otp_codes" cascade');
    this.addSql('drop table if exists "endpoints" cascade');
    this.addSql('drop table if exists "endpoint_access_users" cascade');
    this.addSql('drop table if exists "endpoint_access_teams" cascade');
  }
}
