import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import { SessionLock } from './session-lock';

/**
 * Kysely dialect over an in-process PGlite.
 *
 * PGlite is one database session. Whoever holds the connection owns that session, so a
 * transaction opened by one request can never swallow another request's statements: the
 * connection is handed out under a lock and every other caller waits its turn.
 * Parameterless text (migrations, DDL batches) may hold several statements, which the extended
 * protocol refuses, so it goes through `exec`.
 */
export class PGliteDialect implements Dialect {
  readonly lock = new SessionLock();

  constructor(
    readonly pglite: PGlite,
    /** `acquireTimeoutMs`: how long a caller waits for the session (unset: as long as it takes). */
    private readonly options: { acquireTimeoutMs?: number | undefined } = {},
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.lock, this.options.acquireTimeoutMs);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own Dialect signature is Kysely<any>.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;

  constructor(
    private readonly pglite: PGlite,
    private readonly lock: SessionLock,
    private readonly acquireTimeoutMs: number | undefined,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire(this.acquireTimeoutMs);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`));
  }

  async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result =
      compiledQuery.parameters.length === 0
        ? lastOf(await this.pglite.exec(compiledQuery.sql))
        : await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const rows = (result?.rows ?? []) as R[];
    const affected = result?.affectedRows;
    return affected === undefined ? { rows } : { rows, numAffectedRows: BigInt(affected) };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function lastOf(results: Results[]): Results | undefined {
  return results[results.length - 1];
}
