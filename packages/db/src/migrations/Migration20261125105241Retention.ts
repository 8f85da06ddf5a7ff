import { Migration } from '@mikro-orm/migrations';

export class Migration20261125105241Retention extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "delivery_attempts_created_at_index" on "delivery_attempts" ("created_at")');
    this.addSql('create index "alert_instances_episode_id_index" on "alert_instances" ("episode_id")');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "alert_instances_episode_id_index"');
    this.addSql('drop index "delivery_attempts_created_at_index"');
  }
}
