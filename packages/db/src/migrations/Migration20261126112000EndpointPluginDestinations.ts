import { Migration } from '@mikro-orm/migrations';

/**
 * Endpoint types come from the loaded channel plugins, so the database no longer lists them:
 * `endpoints.type` and `otp_codes.channel` lose their check constraints and are checked against the
 * plugin registry in code. An endpoint of a plugin-defined type keeps its destination fields in
 * `destination` and its secret fields (the plugin's `destinationSecretFields`) sealed in
 * `sealed_destination`.
 */
export class Migration20261126112000EndpointPluginDestinations extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "endpoints" drop constraint if exists "endpoints_type_check"');
    this.addSql('alter table "otp_codes" drop constraint if exists "otp_codes_channel_check"');
    this.addSql('alter table "endpoints" add column "destination" jsonb null');
    this.addSql('alter table "endpoints" add column "sealed_destination" text null');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "endpoints" drop column "sealed_destination"');
    this.addSql('alter table "endpoints" drop column "destination"');
    this.addSql(
      'alter table "otp_codes" add constraint "otp_codes_channel_check" check ("channel" in (\'sms\', \'call\', \'email\'))',
    );
    this.addSql(
      "alter table \"endpoints\" add constraint \"endpoints_type_check\" check (\"type\" in ('sms', 'call', 'email', 'telegram', 'bale', 'teams', 'matter-most', 'flow'))",
    );
  }
}
