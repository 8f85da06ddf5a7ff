import { ConfigError, loadConfig } from '@oncall/config';
import { SecretBox } from '@oncall/core';
import { migrate, openDatabase } from '@oncall/db';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
try {
  const config = loadConfig();
  // Some migrations seal secrets stored in the clear.
  const db = await openDatabase(config.database, { secretBox: new SecretBox(config.encryptionKey) });
  try {
    const applied = await migrate(db.orm);
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
  } finally {
    await db.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
