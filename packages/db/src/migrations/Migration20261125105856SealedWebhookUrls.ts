import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { SecretBox } from '@oncall/core';

const SECRET_VALUE_TYPES = "('teams', 'matter-most')";

/**
 * Teams and Mattermost webhook URLs are credentials (whoever has one posts to the channel): they
 * move from `value` to the sealed `sealed_value`, like the other secrets at rest. Sealing needs the
 * encryption key, so the class is built with the service's `SecretBox`; a database holding such
 * endpoints cannot be migrated without it.
 */
export function sealedWebhookUrlsMigration(box: SecretBox | undefined): MigrationObject['class'] {
  const requireBox = (count: number): SecretBox => {
    if (box) return box;
    throw new Error(
      `${count} Teams/Mattermost endpoint(s) hold a webhook URL to seal or open: migrate with the encryption key.`,
    );
  };

  return class Migration20261125105856SealedWebhookUrls extends Migration {
    override async up(): Promise<void> {
      await this.execute('alter table "endpoints" add "sealed_value" text null');
      const rows = await this.execute(
        `select id, value from endpoints where type in ${SECRET_VALUE_TYPES} and value <> ''`,
      );
      if (rows.length === 0) return;
      const sealer = requireBox(rows.length);
      for (const row of rows) {
        await this.execute(`update endpoints set sealed_value = ?, value = '' where id = ?`, [
          sealer.encrypt(String(row.value)),
          row.id,
        ]);
      }
    }

    override async down(): Promise<void> {
      const rows = await this.execute(
        'select id, sealed_value from endpoints where sealed_value is not null',
      );
      const opener = rows.length > 0 ? requireBox(rows.length) : undefined;
      for (const row of rows) {
        await this.execute('update endpoints set value = ? where id = ?', [
          opener?.decrypt(String(row.sealed_value)),
          row.id,
        ]);
      }
      await this.execute('alter table "endpoints" drop column "sealed_value"');
    }
  };
}
