import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { type EntityManager, IsolationLevel, type MikroORM } from '@mikro-orm/postgresql';
import { queryRows } from '@oncall/core/persistence';
import { z } from 'zod';

/**
 * A logical copy of the application's tables, one JSON document a line: a header naming the
 * migrations the source had applied and the tables in the order they load (a table after those its
 * foreign keys point to), then each table's rows in batches. Moves the embedded database to
 * PostgreSQL (or back): neither side's file format matters, only the schema, which both sides must
 * have migrated to the same point.
 */
const FORMAT = 'oncall-tables';
const BATCH_ROWS = 500;
/** MikroORM's own bookkeeping: the target has it from its own migrations. */
const MIGRATIONS_TABLE = 'mikro_orm_migrations';

const headerSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  migrations: z.array(z.string()),
  tables: z.array(z.string()),
});
const batchSchema = z.object({ table: z.string(), rows: z.array(z.record(z.string(), z.unknown())) });

export class TableTransferError extends Error {
  readonly code = 'table_transfer_failed';
}

/** Rows copied, by table. */
export type TableCounts = Record<string, number>;

/** Writes every table of the current schema to `file`, read in one transaction (a consistent copy). */
export async function exportTables(orm: MikroORM, file: string): Promise<TableCounts> {
  const handle = await open(file, 'wx', 0o600);
  try {
    // Repeatable read: on PostgreSQL every statement sees the snapshot of the first, so a server
    // still writing does not make the tables disagree (PGlite has one session anyway).
    return await orm.em.fork().transactional(
      async (tx) => {
        const tables = await tablesInLoadOrder(tx);
        const header = { format: FORMAT, version: 1, migrations: await appliedMigrations(tx), tables };
        await handle.write(`${JSON.stringify(header)}\n`);
        const counts: TableCounts = {};
        for (const table of tables) {
          counts[table] = 0;
          for (let offset = 0; ; offset += BATCH_ROWS) {
            // `ctid` orders the rows within this transaction's snapshot, so pages neither skip nor repeat.
            const page = await queryRows<{ row: string }>(
              tx,
              `select row_to_json(t)::text as row from ${ident(table)} t order by t.ctid limit ? offset ?`,
              [BATCH_ROWS, offset],
            );
            if (page.length === 0) break;
            await handle.write(
              `{"table":${JSON.stringify(table)},"rows":[${page.map((r) => r.row).join(',')}]}\n`,
            );
            counts[table] += page.length;
            if (page.length < BATCH_ROWS) break;
          }
        }
        return counts;
      },
      { isolationLevel: IsolationLevel.REPEATABLE_READ },
    );
  } finally {
    await handle.close();
  }
}

/**
 * Loads a file `exportTables` wrote into an empty database migrated to the same point, in one
 * transaction, and moves every sequence past the rows it loaded. Refuses a database that holds
 * users or is at another migration, changing nothing.
 */
export async function importTables(orm: MikroORM, file: string): Promise<TableCounts> {
  return orm.em.fork().transactional(async (tx) => {
    let header: z.infer<typeof headerSchema> | undefined;
    let columns = new Map<string, string[]>();
    const counts: TableCounts = {};
    // Made where it is read: lines a readline interface emits before iteration starts are lost.
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      if (header === undefined) {
        const parsed = headerSchema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new TableTransferError(`${file} is not a table export.`);
        header = parsed.data;
        columns = await checkTarget(tx, header);
        continue;
      }
      const batch = batchSchema.parse(JSON.parse(line));
      const names = columns.get(batch.table);
      if (names === undefined)
        throw new TableTransferError(`The export names an unknown table ${batch.table}.`);
      const list = names.map(ident).join(', ');
      await queryRows(
        tx,
        `insert into ${ident(batch.table)} (${list}) select ${list} from json_populate_recordset(null::${ident(batch.table)}, ?::json)`,
        [JSON.stringify(batch.rows)],
      );
      counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
    }
    if (header === undefined) throw new TableTransferError(`${file} is empty.`);
    for (const table of header.tables) await queryRows(tx, `alter table ${ident(table)} enable trigger user`);
    await advanceSequences(tx);
    return counts;
  });
}

async function checkTarget(tx: EntityManager, header: z.infer<typeof headerSchema>) {
  const applied = await appliedMigrations(tx);
  if (applied.join('\n') !== header.migrations.join('\n')) {
    throw new TableTransferError(
      `The export was taken at ${header.migrations.length} migrations, this database has ${applied.length}: ` +
        'run `npm run migrate` with the same release on both first.',
    );
  }
  const columns = new Map<string, string[]>();
  for (const table of header.tables) {
    const names = await queryRows<{ name: string }>(
      tx,
      `select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ? and is_generated = 'NEVER'
        order by ordinal_position`,
      [table],
    );
    if (names.length === 0) throw new TableTransferError(`This database has no table ${table}.`);
    columns.set(
      table,
      names.map((n) => n.name),
    );
  }
  // A server that has started once has made its admin: the database is in use.
  const [held] = await queryRows<{ any: boolean }>(tx, 'select exists (select 1 from users) as any');
  if (held?.any)
    throw new TableTransferError('The database already holds users: import needs an empty database.');
  for (const table of [...header.tables].reverse()) {
    // Rows a migration seeded (the rule count) come from the export instead; triggers that keep
    // derived tables (counts, state periods, episodes) stay off while rows load, as those tables
    // come from the export too.
    await queryRows(tx, `delete from ${ident(table)}`);
    await queryRows(tx, `alter table ${ident(table)} disable trigger user`);
  }
  return columns;
}

async function appliedMigrations(tx: EntityManager): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(tx, `select name from ${MIGRATIONS_TABLE} order by id`);
  return rows.map((r) => r.name);
}

/** Base tables of the current schema, each after the tables its foreign keys reference. */
async function tablesInLoadOrder(tx: EntityManager): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    tx,
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> ?
      order by 1`,
    [MIGRATIONS_TABLE],
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    tx,
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace and c.oid <> p.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const edge of edges) parents.get(edge.child)?.add(edge.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < parents.size) {
    const ready = [...parents].filter(
      ([name, needs]) => !placed.has(name) && [...needs].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0) throw new TableTransferError('The tables reference each other in a cycle.');
    for (const [name] of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** Moves each sequence owned by a column past the largest value loaded into it. */
async function advanceSequences(tx: EntityManager): Promise<void> {
  const owned = await queryRows<{ sequence: string; table: string; column: string }>(
    tx,
    `select s.relname as sequence, t.relname as "table", a.attname as "column"
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace and t.relname <> ?`,
    [MIGRATIONS_TABLE],
  );
  for (const { sequence, table, column } of owned) {
    await queryRows(
      tx,
      `select setval(${literal(sequence)}, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`,
    );
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${ident(text).replaceAll("'", "''")}'`;
