import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@oncall/config';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../src/start';

describe('first start on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'oncall-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, creates the system admin with a printed password once, and keeps data across restarts', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(config.database.kind).toBe('pglite');

    const first = await startService(config);
    expect(first.migrationsApplied.length).toBeGreaterThan(0);
    expect(first.admin.created).toBe(true);
    const password = first.admin.generatedPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const login = await first.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin', password },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().accessToken;
    const team = await first.app.inject({
      method: 'POST',
      url: '/api/v1/team',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Persisted', ownerId: login.json().user.id, userIds: [] },
    });
    expect(team.statusCode).toBe(201);
    await first.stop();

    const second = await startService(config);
    try {
      expect(second.migrationsApplied).toEqual([]);
      expect(second.admin).toEqual({ username: 'admin', created: false });
      // Same persisted JWT secret: the token from before the restart is still good.
      const teams = await second.app.inject({
        url: '/api/v1/team/all',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(teams.statusCode).toBe(200);
      expect(teams.json().map((t: { name: string }) => t.name)).toEqual(['Persisted']);
    } finally {
      await second.stop();
    }
  });

  it('uses the configured admin password when one is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oncall-start-'));
    const service = await startService(
      loadConfig({
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'configured-pass',
      }),
    );
    try {
      expect(service.admin).toEqual({ username: 'root', created: true, generatedPassword: undefined });
      const login = await service.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'root', password: 'configured-pass' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
