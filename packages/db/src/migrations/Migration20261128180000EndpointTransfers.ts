import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoint hand-overs a member offers wait for the receiver here; at most one is pending per
 * endpoint, and they go with the endpoint or either user.
 */
export class Migration20261128180000EndpointTransfers extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create table "endpoint_transfers" ("id" uuid not null, "endpoint_id" uuid not null, "from_user_id" uuid not null, "to_user_id" uuid not null, "status" text not null, "created_at" timestamptz not null, "decided_at" timestamptz null, primary key ("id"))',
    );
    this.addSql(
      'create index "endpoint_transfers_endpoint_id_index" on "endpoint_transfers" ("endpoint_id")',
    );
    this.addSql(
      'create index "endpoint_transfers_to_user_id_status_index" on "endpoint_transfers" ("to_user_id", "status")',
    );
    this.addSql(
      `create unique index "endpoint_transfers_one_pending" on "endpoint_transfers" ("endpoint_id") where "status" = 'pending'`,
    );
    this.addSql(
      'alter table "endpoint_transfers" add constraint "endpoint_transfers_endpoint_id_foreign" foreign key ("endpoint_id") references "endpoints" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "endpoint_transfers" add constraint "endpoint_transfers_from_user_id_foreign" foreign key ("from_user_id") references "users" ("id") on delete cascade',
    );
    this.addSql(
      'alter table "endpoint_transfers" add constraint "endpoint_transfers_to_user_id_foreign" foreign key ("to_user_id") references "users" ("id") on delete cascade',
    );
    this.addSql(
      `alter table "endpoint_transfers" add constraint "endpoint_transfers_status_check" check ("status" in ('pending', 'accepted', 'declined', 'cancelled'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "endpoint_transfers" cascade');
  }
}
