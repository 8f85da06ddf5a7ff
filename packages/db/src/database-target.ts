/** Where the data lives: a real PostgreSQL server, or PGlite in process (on disk, or in memory for tests). */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };
