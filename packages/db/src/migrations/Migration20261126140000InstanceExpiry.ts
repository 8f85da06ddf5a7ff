import { Migration } from '@mikro-orm/migrations';

/**
 * An alert posted as Alertmanager's API v2 takes it (by Prometheus's own alerting) carries the time
 * it ends unless sent again (`endsAt`): `alert_instances.expires_at` keeps it for a firing
 * instance, so the engine's durable auto-resolve timer can resolve the instance at that time.
 * Null for every other instance.
 */
export class Migration20261126140000InstanceExpiry extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "alert_instances" add column "expires_at" timestamptz null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "alert_instances" drop column "expires_at"');
  }
}
