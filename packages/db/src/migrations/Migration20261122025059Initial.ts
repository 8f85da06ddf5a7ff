import { Migration } from '@mikro-orm/migrations';

export class Migration20261122025059Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "users" ("id" uuid not null, "username" varchar(255) not null, "name" varchar(255) not null, "password_hash" varchar(255) not null, "role" text not null, "is_system_admin" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('alter table "users" add constraint "users_username_unique" unique ("username")');
    this.addSql(
      'create table "teams" ("id" uuid not null, "name" varchar(255) not null, "description" text null, "owner_id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"))',
    );
    this.addSql('create index "teams_owner_id_index" on "teams" ("owner_id")');
    this.addSql(
      'create table "team_members" ("team_id" uuid not null, "user_id" uuid not null, primary key ("team_id", "user_id"))',
    );
    this.addSql(
      'create table "auth_sessions" ("id" uuid not null, "user_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(255) null, "ip" varchar(255) null, "user_agent" text null, primary key ("id"))',
    );
    this.addSql('create index "auth_sessions_user_id_index" on "auth_sessions" ("user_id")');
    this.addSql(
      'create table "refresh_tokens" ("id" uuid not null, "session_id" uuid not null, "token_hash" varchar(255) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"))',
    );
    this.addSql('create index "refresh_tokens_session_id_index" on "refresh_tokens" ("session_id")');
    this.addSql(
      'alter table "refresh_tokens" add constraint "refresh_tokens_token_hash_unique" unique ("token_hash")',
    );
    this.addSql(
      'alter table "users" add constraint "users_role_check" check ("role" in (\'owner\', \'manager\', \'member\'))',
    );
    this.addSql(
      'alter table "teams" add constraint "teams_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict',
    );
    this.addSql(
      'alter table "team_members" add constraint "team_members_team_id_foreign" foreign key ("team_id") references "teams" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "team_members" add constraint "team_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade',
    );
    this.addSql(
      'alter table "auth_sessions" add constraint "auth_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "refresh_tokens" add constraint "refresh_tokens_session_id_foreign" foreign key ("session_id") references "auth_sessions" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table "teams" drop constraint "teams_owner_id_foreign"');
    this.addSql('alter table "team_members" drop constraint "team_members_user_id_foreign"');
    this.addSql('alter table "auth_sessions" drop constraint "auth_sessions_user_id_foreign"');
    this.addSql('alter table "team_members" drop constraint "team_members_team_id_foreign"');
    this.addSql('alter table "refresh_tokens" drop constraint "refresh_tokens_session_id_foreign"');
    this.addSql('drop table if exists "users" cascade');
    this.addSql('drop table if exists "teams" cascade');
    this.addSql('drop table if exists "team_members" cascade');
    this.addSql('drop table if exists "auth_sessions" cascade');
    this.addSql('drop table if exists "refresh_tokens" cascade');
  }
}
