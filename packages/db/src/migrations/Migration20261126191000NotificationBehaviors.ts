import { Migration } from '@mikro-orm/migrations';

/**
 * Beside the delivery log's attempts (by event and endpoint): what a behavior rule did to an
 * event's notification to an endpoint: `silenced` (not sent), `routed` (sent because a
 * notification rule added the endpoint), `templated` (the message rendered from a template) or
 * `template_fallback` (the template failed at send time; the default message went, `error` says
 * why).
 */
export class Migration20261126191000NotificationBehaviors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "notification_behaviors" (
      "alert_event_id" uuid not null,
      "endpoint_id" uuid not null,
      "effect" text not null,
      "behavior_rule_id" uuid not null,
      "error" text null,
      "created_at" timestamptz not null,
      primary key ("alert_event_id", "endpoint_id", "effect"))`);
    this.addSql(
      'alter table "notification_behaviors" add constraint "notification_behaviors_alert_event_id_foreign" foreign key ("alert_event_id") references "alert_events" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table "notification_behaviors"');
  }
}
