import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { storedSession } from './support/keyring-peek';
import { RestSeed } from './support/rest-seed';
import { CLI, cliHome, runCli } from './support/run-cli';
import { ADMIN_PASSWORD } from './support/test-server';
import { Tmux } from './support/tmux';

describe('in a terminal (tmux)', () => {
  const apiUrl = inject('apiUrl');
  const tmux = new Tmux();
  afterAll(() => tmux.stop());

  it('asks for the username, then the password without echoing it, and logs in', async () => {
    const home = cliHome(apiUrl);
    tmux.start('login', [process.execPath, CLI, 'login'], home.env);
    await tmux.waitFor('login', (screen) => screen.includes('Username:'), 'the username prompt');
    tmux.type('login', 'admin');
    await tmux.waitFor('login', (screen) => screen.includes('Password:'), 'the password prompt');
    tmux.type('login', ADMIN_PASSWORD);
    const screen = await tmux.waitFor('login', (text) => text.includes('EXIT='), 'the end of login');
    expect(screen).toContain('EXIT=0');
    expect(screen).toContain(`Logged in to ${apiUrl} as admin`);
    // Not a character of it on the screen, nor a mask that tells its length.
    expect(screen).not.toContain(ADMIN_PASSWORD);
    expect(screen).not.toMatch(/\*{4,}/);
    expect(storedSession(home)).toMatchObject({ username: 'admin', apiUrl });
  });

  it('now --watch redraws when an alert fires and resolves, and Ctrl-C ends it cleanly', async () => {
    const home = cliHome(apiUrl);
    const login = await runCli(home, ['login', '-u', 'admin', '--password-stdin'], { input: ADMIN_PASSWORD });
    expect(login.code).toBe(0);
    const seed = new RestSeed(apiUrl);
    const name = `watch-${randomBytes(4).toString('hex')}`;
    const rule = await seed.apiRule(name);

    tmux.start('watch', [process.execPath, CLI, 'now', '--watch'], home.env);
    await tmux.waitFor('watch', (screen) => screen.includes('live: connected'), 'the live feed');
    expect(tmux.screen('watch')).not.toContain(name);

    await seed.fire(rule, 'WatchMe', 'web-7', 'fired during the test');
    const firing = await tmux.waitFor('watch', (screen) => screen.includes(name), 'the fired alert');
    expect(firing).toMatch(new RegExp(`${name}\\s+critical\\s+WatchMe\\s+web-7`));

    await seed.resolve(rule, 'WatchMe', 'web-7');
    await tmux.waitFor('watch', (screen) => !screen.includes(name), 'the resolved alert to leave');

    tmux.key('watch', 'C-c');
    const end = await tmux.waitFor('watch', (screen) => screen.includes('EXIT='), 'the end of --watch');
    expect(end).toContain('EXIT=0');
  });
});
