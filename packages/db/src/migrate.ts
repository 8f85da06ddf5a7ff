import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/postgresql';

/** Applies every committed migration not yet applied; returns the names it ran. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const migrator = new Migrator(orm.em);
  const applied = await migrator.up();
  return applied.map((m) => m.name);
}
