import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { SecretBox } from '@oncall/core';

/**
 * The destination fields of the endpoint types of the first release, by type, as their channels'
 * destination schemas name them. Frozen here: this is where those rows were, not what the plugins
 * declare today.
 */
const LEGACY_FIELDS: Record<string, { plain?: string; secret?: string; thread?: true }> = {
  sms: { plain: 'value' },
  call: { plain: 'value' },
  email: { plain: 'value' },
  teams: { secret: 'value' },
  'matter-most': { secret: 'value' },
  telegram: { plain: 'chatId', secret: 'botToken', thread: true },
  bale: { plain: 'chatId', secret: 'botToken' },
};

const LEGACY_TYPES = `(${Object.keys(LEGACY_FIELDS)
  .map((type) => `'${type}'`)
  .join(', ')})`;

interface LegacyRow {
  id: string;
  type: string;
  value: string;
  sealed_value: string | null;
  thread_id: string | null;
  sealed_bot_token: string | null;
}

/**
 * The endpoints older than channel plugins move from the first release's columns (`value`,
 * `thread_id`, `sealed_bot_token`, `sealed_value`) into the one stored shape every other endpoint
 * has: plain fields in `destination`, secret ones (a bot token, a webhook URL) sealed as one JSON
 * object in `sealed_destination`; then those columns go. Opening and sealing need the encryption
 * key, so the class is built with the service's `SecretBox`; a database holding such secrets cannot
 * be migrated without it (as the sealed webhook URLs' migration).
 */
export function legacyEndpointDestinationsMigration(box: SecretBox | undefined): MigrationObject['class'] {
  const requireBox = (count: number): SecretBox => {
    if (box) return box;
    throw new Error(
      `${count} endpoint(s) of the first release's types hold a secret to reseal: migrate with the encryption key.`,
    );
  };

  return class Migration20261129161500LegacyEndpointDestinations extends Migration {
    override async up(): Promise<void> {
      const rows = (
        await this.execute(
          `select id, type, value, sealed_value, thread_id, sealed_bot_token from endpoints
            where type in ${LEGACY_TYPES}`,
        )
      ).map(
        (row): LegacyRow => ({
          id: String(row.id),
          type: String(row.type),
          value: String(row.value),
          sealed_value: textOrNull(row.sealed_value),
          thread_id: textOrNull(row.thread_id),
          sealed_bot_token: textOrNull(row.sealed_bot_token),
        }),
      );
      const sealing = rows.filter((row) => secretIn(row) !== undefined).length;
      const sealer = sealing > 0 ? requireBox(sealing) : undefined;
      for (const row of rows) {
        const fields = LEGACY_FIELDS[row.type];
        if (fields === undefined) continue;
        const destination: Record<string, string> = {};
        if (fields.plain) destination[fields.plain] = row.value;
        if (fields.thread && row.thread_id !== null) destination.threadId = row.thread_id;
        const secret = secretIn(row);
        const sealed =
          sealer && fields.secret && secret !== undefined
            ? sealer.encrypt(
                JSON.stringify({
                  [fields.secret]: secret.sealed ? sealer.decrypt(secret.text) : secret.text,
                }),
              )
            : null;
        await this.execute(
          'update endpoints set destination = ?::jsonb, sealed_destination = ? where id = ?',
          [JSON.stringify(destination), sealed, row.id],
        );
      }
      await this.execute('alter table "endpoints" drop column "value"');
      await this.execute('alter table "endpoints" drop column "sealed_value"');
      await this.execute('alter table "endpoints" drop column "thread_id"');
      await this.execute('alter table "endpoints" drop column "sealed_bot_token"');
    }

    override async down(): Promise<void> {
      await this.execute(`alter table "endpoints" add "value" text not null default ''`);
      await this.execute('alter table "endpoints" alter column "value" drop default');
      await this.execute('alter table "endpoints" add "sealed_value" text null');
      await this.execute('alter table "endpoints" add "thread_id" varchar(255) null');
      await this.execute('alter table "endpoints" add "sealed_bot_token" text null');
      const rows = await this.execute(
        `select id, type, destination, sealed_destination from endpoints where type in ${LEGACY_TYPES}`,
      );
      const sealed = rows.filter((row) => textOrNull(row.sealed_destination) !== null).length;
      const opener = sealed > 0 ? requireBox(sealed) : undefined;
      for (const row of rows) {
        const fields = LEGACY_FIELDS[String(row.type)];
        if (fields === undefined) continue;
        const destination = textFields(row.destination);
        const sealedText = textOrNull(row.sealed_destination);
        const secrets = opener && sealedText ? textFields(opener.decrypt(sealedText)) : {};
        const secret = fields.secret === undefined ? undefined : secrets[fields.secret];
        const webhook = fields.secret === 'value';
        await this.execute(
          `update endpoints set value = ?, thread_id = ?, sealed_value = ?, sealed_bot_token = ?,
             destination = null, sealed_destination = null where id = ?`,
          [
            fields.plain ? (destination[fields.plain] ?? '') : '',
            destination.threadId ?? null,
            webhook && opener && secret !== undefined ? opener.encrypt(secret) : null,
            !webhook && opener && secret !== undefined ? opener.encrypt(secret) : null,
            row.id,
          ],
        );
      }
    }
  };
}

/**
 * The row's secret as stored: a sealed bot token or webhook URL, or a webhook URL still in `value`
 * (a row written before webhook URLs were sealed).
 */
function secretIn(row: LegacyRow): { text: string; sealed: boolean } | undefined {
  const fields = LEGACY_FIELDS[row.type];
  if (fields?.secret === 'botToken') {
    return row.sealed_bot_token ? { text: row.sealed_bot_token, sealed: true } : undefined;
  }
  if (fields?.secret !== 'value') return undefined;
  if (row.sealed_value) return { text: row.sealed_value, sealed: true };
  return row.value === '' ? undefined : { text: row.value, sealed: false };
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function textFields(value: unknown): Record<string, string> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
