import { Migration } from '@mikro-orm/migrations';

/**
 * The person a flow's people step (schedule, user, team) paged through an attempt's endpoint, and
 * why (schedule, layer, rotation, override; the flow and step), as JSON; null for an endpoint paged
 * directly. No backfill: older attempts named endpoints only.
 */
export class Migration20261129064000DeliveryRecipients extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "delivery_attempts" add column "recipient" jsonb null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "delivery_attempts" drop column "recipient"');
  }
}
