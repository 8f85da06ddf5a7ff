import { ConfigError, loadConfig } from '@oncall/config';
import { ADMIN_USAGE, AdminUsageError, runAdminCommand } from './admin/admin-commands';

/** `npm run admin -- <command>`: operations on the configured database (docs/operations.md). */
try {
  await runAdminCommand({
    config: loadConfig(),
    args: process.argv.slice(2),
    env: process.env,
    print: (line) => process.stdout.write(`${line}\n`),
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n${error instanceof AdminUsageError ? `${ADMIN_USAGE}\n` : ''}`);
  process.exitCode = error instanceof ConfigError || error instanceof AdminUsageError ? 2 : 1;
}
