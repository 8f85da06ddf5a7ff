import { Migration } from '@mikro-orm/migrations';

export class Migration20261125104550AckLinkVia extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "alert_events" add "via_endpoint_id" uuid null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "alert_events" drop column "via_endpoint_id"');
  }
}
