import { ConfigError, loadConfig } from '@oncall/config';
import { startService } from './start';

async function main(): Promise<void> {
  const config = loadConfig();
  const service = await startService(config);
  const { app, admin } = service;
  if (service.migrationsApplied.length > 0) {
    app.log.info({ migrations: service.migrationsApplied }, 'database migrations applied');
  }
  await app.listen({ host: config.http.host, port: config.http.port });
  const where =
    config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL';
  const lines = [`Alert service listening on ${config.http.publicUrl} (database: ${where})`];
  if (admin.generatedPassword) {
    lines.push(
      'A system admin was created. Its password is shown this once; store it now:',
      `  username: ${admin.username}`,
      `  password: ${admin.generatedPassword}`,
    );
  } else if (admin.created) {
    lines.push(`A system admin was created: ${admin.username} (password from ADMIN_PASSWORD).`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await service.stop();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error))}\n`,
  );
  process.exit(1);
});
