import { Migration } from '@mikro-orm/migrations';

/** The history reads of the reporting area (`core/reporting`): episode marks, per-episode and per-actor events. */
export class Migration20261127003000ReportingIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index "alert_events_episode_marks" on "alert_events" ("rule_id", "created_at") include ("episode_id", "kind") where "episode_id" is not null and "kind" in (\'fired\', \'acknowledged\', \'resolved\', \'auto_resolved\')',
    );
    this.addSql(
      'create index "alert_events_episode_time" on "alert_events" ("episode_id", "created_at") where "episode_id" is not null',
    );
    this.addSql(
      'create index "alert_events_actor_time" on "alert_events" ("actor_id", "created_at") where "actor_id" is not null',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "alert_events_actor_time"');
    this.addSql('drop index if exists "alert_events_episode_time"');
    this.addSql('drop index if exists "alert_events_episode_marks"');
  }
}
