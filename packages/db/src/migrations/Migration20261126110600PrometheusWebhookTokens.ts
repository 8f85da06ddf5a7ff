import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { newOpaqueToken, type SecretBox } from '@oncall/core';

/**
 * The prometheus source plugin takes Alertmanager webhooks, so a prometheus data source gets a
 * webhook token at creation as every webhook type does; those created before had none and are
 * given one here. A token is stored as its keyed hash and sealed, so the class is built with the
 * service's `SecretBox`; a database holding such data sources cannot be migrated without it. Going
 * down leaves the tokens: a token the read shows is harmless where no route takes it.
 */
export function prometheusWebhookTokensMigration(box: SecretBox | undefined): MigrationObject['class'] {
  return class Migration20261126110600PrometheusWebhookTokens extends Migration {
    override async up(): Promise<void> {
      const rows = await this.execute(
        `select id from data_sources where type = 'prometheus' and token_hash is null`,
      );
      if (rows.length === 0) return;
      if (!box) {
        throw new Error(
          `${rows.length} prometheus data source(s) need a webhook token to seal: migrate with the encryption key.`,
        );
      }
      for (const row of rows) {
        const token = newOpaqueToken('ds');
        await this.execute('update data_sources set token_hash = ?, sealed_token = ? where id = ?', [
          box.lookupHash(token),
          box.encrypt(token),
          row.id,
        ]);
      }
    }

    override async down(): Promise<void> {}
  };
}
