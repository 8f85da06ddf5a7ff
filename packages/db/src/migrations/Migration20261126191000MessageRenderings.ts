import { Migration } from '@mikro-orm/migrations';

/**
 * Beside the delivery log's attempts: how the message of one event to one endpoint was made when a
 * template behavior rule applied to it (rendered from the template, or the default message because
 * the template failed, and why), written once, at the first send.
 */
export class Migration20261126191000MessageRenderings extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "message_renderings" (
      "alert_event_id" uuid not null,
      "endpoint_id" uuid not null,
      "behavior_rule_id" uuid not null,
      "outcome" text not null,
      "error" text null,
      "created_at" timestamptz not null,
      primary key ("alert_event_id", "endpoint_id"))`);
    this.addSql(
      'alter table "message_renderings" add constraint "message_renderings_alert_event_id_foreign" foreign key ("alert_event_id") references "alert_events" ("id") on delete cascade',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table "message_renderings"');
  }
}
