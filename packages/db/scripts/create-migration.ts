/**
 * Writes a new migration holding the difference between the committed migrations and the entities.
 * Usage: npm run migration:create -w @oncall/db -- <Name>; then list the class in src/migrations/index.ts.
 *
 * MikroORM's own generator writes files through helpers that need Node 22, so the SQL diff comes
 * from the schema generator and the file is written here.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from '../src/migrate';
import { openDatabase } from '../src/open-database';

const name = (process.argv[2] ?? '').replace(/[^A-Za-z0-9]/g, '');
if (!name)
  throw new Error('Give the migration a name: npm run migration:create -w @oncall/db -- AddAlertRules');

const db = await openDatabase({ kind: 'pglite' });
try {
  await migrate(db.orm);
  const { up, down } = await db.orm.schema.getUpdateSchemaMigrationSQL({ wrap: false });
  if (!up.trim()) {
    console.log('Entities and migrations already agree.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const className = `Migration${stamp}${name}`;
    const file = fileURLToPath(new URL(`../src/migrations/${className}.ts`, import.meta.url));
    writeFileSync(file, render(className, up, down));
    execFileSync('npx', ['biome', 'format', '--write', file], { stdio: 'ignore' });
    console.log(`Created ${file}`);
  }
} finally {
  await db.close();
}

function render(className: string, up: string, down: string): string {
  const statements = (sql: string) =>
    sql
      .split(/;\n/)
      .map((s) => s.trim().replace(/;$/, ''))
      .filter(Boolean)
      .map((s) => `    this.addSql(${JSON.stringify(s)});`)
      .join('\n');
  return `import { Migration } from '@mikro-orm/migrations';

export class ${className} extends Migration {
  override async up(): Promise<void> {
${statements(up)}
  }

  override async down(): Promise<void> {
${statements(down)}
  }
}
`;
}
