import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { SecretBox } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';

/** `v1:<iv 12 bytes>:<tag 16 bytes>:<body>`, base64url, as `SecretBox.encrypt` writes it. */
const SEALED = /^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]*$/;

/** Tables whose rows are found by a keyed hash of a token that is also stored sealed. */
const TOKEN_TABLES = ['alert_rules', 'data_sources'] as const;

export interface KeyRotationReport {
  /** Sealed values re-encrypted under the new key, by `table.column`. */
  readonly resealed: Record<string, number>;
  /** Ingestion tokens whose lookup hash was recomputed under the new key. */
  readonly rehashedTokens: number;
  /** Refresh tokens dropped: their hashes cannot be recomputed without the tokens (users log in again). */
  readonly droppedRefreshTokens: number;
  /** One-time codes dropped for the same reason (users ask for a new code). */
  readonly droppedOneTimeCodes: number;
}

export class KeyRotationError extends Error {
  readonly code = 'key_rotation_failed';
}

/**
 * Re-encrypts every sealed secret under `to` in one transaction, wherever it is stored: every text
 * and JSON column of the schema is scanned for values in the sealed format (a plugin's config may
 * seal a field inside JSON), so a column added later is covered without a list to keep. Lookup
 * hashes follow the key too: ingestion tokens are re-hashed from their sealed copies; refresh tokens
 * and one-time codes exist only as hashes and are dropped. A value already sealed under `to` is
 * left as it is, so a rotation interrupted and run again completes; a value that opens under
 * neither key fails the whole rotation and changes nothing.
 */
export async function rotateEncryptionKey(
  orm: MikroORM,
  from: SecretBox,
  to: SecretBox,
): Promise<KeyRotationReport> {
  return orm.em.fork().transactional(async (tx) => {
    const resealed: Record<string, number> = {};
    const reseal = (value: string, where: string): string => {
      try {
        return to.encrypt(from.decrypt(value));
      } catch {
        try {
          to.decrypt(value);
          return value;
        } catch {
          throw new KeyRotationError(
            `A sealed value in ${where} opens under neither key: nothing was changed.`,
          );
        }
      }
    };
    for (const column of await textColumns(tx)) {
      const where = `${column.table}.${column.name}`;
      const count =
        column.type === 'jsonb'
          ? await resealJsonColumn(tx, column, (value) => reseal(value, where))
          : await resealTextColumn(tx, column, (value) => reseal(value, where));
      if (count > 0) resealed[where] = count;
    }
    let rehashedTokens = 0;
    for (const table of TOKEN_TABLES) {
      const rows = await queryRows<{ id: string; sealed_token: string }>(
        tx,
        `select id, sealed_token from ${table} where sealed_token is not null`,
      );
      for (const row of rows) {
        await queryRows(tx, `update ${table} set token_hash = ? where id = ?`, [
          to.lookupHash(to.decrypt(row.sealed_token)),
          row.id,
        ]);
        rehashedTokens += 1;
      }
    }
    const droppedRefreshTokens = await deleteAll(tx, 'refresh_tokens');
    const droppedOneTimeCodes = await deleteAll(tx, await otpTable(tx));
    return { resealed, rehashedTokens, droppedRefreshTokens, droppedOneTimeCodes };
  });
}

interface Column {
  table: string;
  name: string;
  type: string;
}

async function textColumns(tx: EntityManager): Promise<Column[]> {
  return queryRows<Column>(
    tx,
    `select c.table_name as "table", c.column_name as name, c.data_type as type
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb')
      order by 1, 2`,
  );
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function resealTextColumn(tx: EntityManager, column: Column, reseal: (v: string) => string) {
  const rows = await queryRows<{ value: string }>(
    tx,
    `select distinct ${ident(column.name)} as value from ${ident(column.table)} where ${ident(column.name)} like 'v1:%'`,
  );
  let count = 0;
  for (const { value } of rows) {
    if (!SEALED.test(value)) continue;
    const next = reseal(value);
    if (next === value) continue;
    await queryRows(
      tx,
      `update ${ident(column.table)} set ${ident(column.name)} = ? where ${ident(column.name)} = ?`,
      [next, value],
    );
    count += 1;
  }
  return count;
}

async function resealJsonColumn(tx: EntityManager, column: Column, reseal: (v: string) => string) {
  const rows = await queryRows<{ value: string }>(
    tx,
    `select distinct ${ident(column.name)}::text as value from ${ident(column.table)}
      where ${ident(column.name)}::text like '%"v1:%'`,
  );
  let count = 0;
  for (const { value } of rows) {
    let changed = 0;
    const walk = (node: unknown): unknown => {
      if (typeof node === 'string' && SEALED.test(node)) {
        const next = reseal(node);
        if (next !== node) changed += 1;
        return next;
      }
      if (Array.isArray(node)) return node.map(walk);
      if (node !== null && typeof node === 'object') {
        return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, walk(inner)]));
      }
      return node;
    };
    const next = walk(JSON.parse(value));
    if (changed === 0) continue;
    await queryRows(
      tx,
      `update ${ident(column.table)} set ${ident(column.name)} = ?::jsonb where ${ident(column.name)}::text = ?`,
      [JSON.stringify(next), value],
    );
    count += changed;
  }
  return count;
}

async function otpTable(tx: EntityManager): Promise<string | null> {
  const rows = await queryRows<{ table: string }>(
    tx,
    `select table_name as "table" from information_schema.columns
      where table_schema = current_schema() and column_name = 'code_hash' limit 1`,
  );
  return rows[0]?.table ?? null;
}

async function deleteAll(tx: EntityManager, table: string | null): Promise<number> {
  if (table === null) return 0;
  const rows = await queryRows<{ n: string }>(
    tx,
    `with gone as (delete from ${ident(table)} returning 1) select count(*)::text as n from gone`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** What a read of every sealed value found: how many open under the key and how many do not. */
export interface SealedValueCheck {
  readonly opened: number;
  readonly failed: Record<string, number>;
}

/**
 * Reads every sealed value back (the same scan as the rotation) and tries to open it under `box`:
 * the check after a rotation, and before one, that the key in hand is the one in use.
 */
export async function checkSealedValues(orm: MikroORM, box: SecretBox): Promise<SealedValueCheck> {
  const em = orm.em.fork();
  let opened = 0;
  const failed: Record<string, number> = {};
  const open = (value: string, where: string): string => {
    try {
      box.decrypt(value);
      opened += 1;
    } catch {
      failed[where] = (failed[where] ?? 0) + 1;
    }
    return value;
  };
  for (const column of await textColumns(em)) {
    const where = `${column.table}.${column.name}`;
    if (column.type === 'jsonb') await resealJsonColumn(em, column, (value) => open(value, where));
    else await resealTextColumn(em, column, (value) => open(value, where));
  }
  return { opened, failed };
}
