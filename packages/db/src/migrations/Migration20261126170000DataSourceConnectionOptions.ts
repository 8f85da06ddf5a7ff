import { Migration } from '@mikro-orm/migrations';

/**
 * Per-data-source connection options: the time limit of one status check or query, TLS trust
 * (skip verification, an extra CA certificate, a server name) and how often a source whose plugin
 * polls is polled (null: never). Existing sources get the limit they had (5 s), full verification
 * and no polling, which is what the host did before.
 */
export class Migration20261126170000DataSourceConnectionOptions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "data_sources"
      add column "timeout_seconds" int not null default 5,
      add column "tls_skip_verify" boolean not null default false,
      add column "ca_certificate" text null,
      add column "tls_server_name" varchar(255) null,
      add column "poll_interval_seconds" int null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "data_sources"
      drop column "timeout_seconds",
      drop column "tls_skip_verify",
      drop column "ca_certificate",
      drop column "tls_server_name",
      drop column "poll_interval_seconds"`);
  }
}
