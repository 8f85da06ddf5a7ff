import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { RestSeed } from './support/rest-seed';
import { CLI, type CliHome, cliHome, runCli } from './support/run-cli';
import { ADMIN_PASSWORD } from './support/test-server';

interface Page {
  data: { id: string; name: string; state: string; silentStatus: string }[];
  per_page: number;
  total: number;
}

describe('commands against the real server', () => {
  const apiUrl = inject('apiUrl');
  const seed = new RestSeed(apiUrl);
  const tag = `cli-${randomBytes(4).toString('hex')}`;
  let home: CliHome;
  let firing: { id: string; apiToken: string };
  let calm: { id: string; apiToken: string };
  let quiet: { id: string; apiToken: string };
  const cli = (...args: string[]) => runCli(home, args);
  const json = async <T>(...args: string[]): Promise<T> => {
    const result = await cli(...args, '-o', 'json');
    expect(result.stderr.replace(/^page .*\n/m, '')).toBe('');
    expect(result.code).toBe(0);
    return JSON.parse(result.stdout) as T;
  };

  beforeAll(async () => {
    firing = await seed.apiRule(`${tag} checkout latency`, [tag, 'prod']);
    calm = await seed.apiRule(`${tag} disk full`, [tag]);
    quiet = await seed.apiRule(`${tag} queue depth`, [tag]);
    await seed.fire(firing, 'HighLatency', 'checkout-1', 'p99 above 2 s');
    await seed.fire(calm, 'DiskFull', 'db-1', '/var at 95%');
    await seed.resolve(calm, 'DiskFull', 'db-1');
    home = cliHome(apiUrl);
    const login = await runCli(home, ['login', '-u', 'admin', '--password-stdin'], { input: ADMIN_PASSWORD });
    expect(login.code).toBe(0);
  });

  it('alert-rules list: an aligned table, JSON, YAML, CSV and ids, with the contract filters', async () => {
    const table = await cli('alert-rules', 'list', '--tag', tag);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+STATE\s+SILENCE\s+OWNER\s+TAGS$/);
    expect(lines).toHaveLength(4);
    // Aligned: every row's NAME starts where the header's does.
    const nameAt = lines[0]?.indexOf('NAME');
    for (const line of lines.slice(1)) expect(line.indexOf(tag)).toBe(nameAt);
    expect(table.stdout).toMatch(new RegExp(`${tag} checkout latency\\s+api\\s+critical\\s+active\\s+admin`));
    expect(table.stderr).toBe('page 1 of 1 (3 rules)\n');

    const page = await json<Page>('alert-rules', 'list', '--tag', tag);
    expect(page.data.map((rule) => rule.name).sort()).toEqual(
      [`${tag} checkout latency`, `${tag} disk full`, `${tag} queue depth`].sort(),
    );
    const yaml = parseYaml((await cli('alert-rules', 'list', '--tag', tag, '-o', 'yaml')).stdout) as Page;
    expect(yaml.total).toBe(3);
    const csv = (await cli('alert-rules', 'list', '--tag', tag, '-o', 'csv')).stdout.trimEnd().split('\r\n');
    expect(csv[0]).toBe('ID,NAME,TYPE,STATE,SILENCE,OWNER,TAGS');
    expect(csv).toContain(`${firing.id},${tag} checkout latency,api,critical,active,admin,"${tag},prod"`);
    const ids = await cli('alert-rules', 'list', '--tag', tag, '--state', 'critical', '-q');
    expect(ids.stdout).toBe(`${firing.id}\n`);
    const byName = await json<Page>('rules', 'ls', '--name', `${tag} DISK`);
    expect(byName.data.map((rule) => rule.id)).toEqual([calm.id]);
    const both = await json<Page>('alert-rules', 'list', '--tag', tag, '--state', 'critical,resolved');
    expect(both.data.map((rule) => rule.id).sort()).toEqual([firing.id, calm.id].sort());
  });

  it('caps --per-page at 100 with a note, and pages with --page', async () => {
    const capped = await cli('alert-rules', 'list', '--per-page', '500', '-o', 'json');
    expect(capped.code).toBe(0);
    expect(capped.stderr).toContain('--per-page is capped at 100; showing 100 per page');
    expect((JSON.parse(capped.stdout) as Page).per_page).toBe(100);
    const second = await json<Page & { current_page: number }>(
      'alert-rules',
      'list',
      '--tag',
      tag,
      '--per-page',
      '2',
      '--page',
      '2',
    );
    expect(second.current_page).toBe(2);
    expect(second.data).toHaveLength(1);
    const footer = await cli('alert-rules', 'list', '--tag', tag, '--per-page', '2');
    expect(footer.stderr).toContain('page 1 of 2 (3 rules); next: --page 2');
    const bad = await cli('alert-rules', 'list', '--per-page', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--per-page <n>' argument 'lots' is invalid");
  });

  it('alert-rules get, fired and history: table and JSON', async () => {
    const get = await cli('alert-rules', 'get', firing.id);
    expect(get.stdout).toMatch(new RegExp(`^name\\s+${tag} checkout latency$`, 'm'));
    expect(get.stdout).toMatch(/^state\s+critical$/m);
    expect(await json('alert-rules', 'get', firing.id)).toMatchObject({
      id: firing.id,
      state: 'critical',
      type: 'api',
    });

    const fired = await cli('alert-rules', 'fired', firing.id);
    expect(fired.stdout).toMatch(/^RULE\s+ALERT\s+INSTANCE\s+STATE\s+FIRED\s+ACK\s+DESCRIPTION$/m);
    expect(fired.stdout).toMatch(
      /HighLatency\s+checkout-1\s+critical\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+-\s+p99 above 2 s/,
    );
    const firedJson = await json<{ instance: string }[]>('alert-rules', 'fired', firing.id);
    expect(firedJson.map((alert) => alert.instance)).toEqual(['checkout-1']);
    expect((await cli('alert-rules', 'fired', quiet.id)).stderr).toContain('Nothing fires on this rule.');

    const history = await cli('alert-rules', 'history', calm.id);
    const rows = history.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^TIME\s+KIND\s+STATUS\s+ALERT\s+INSTANCE\s+DESCRIPTION$/);
    expect(rows[1]).toMatch(/resolved\s+resolved\s+DiskFull\s+db-1/);
    expect(rows[2]).toMatch(/fired\s+critical\s+DiskFull\s+db-1\s+\/var at 95%/);
    const historyJson = await json<{ data: { kind: string }[] }>('alert-rules', 'history', calm.id);
    expect(historyJson.data.map((row) => row.kind)).toEqual(['resolved', 'fired']);
  });

  it('not found, a zone not served and bad filters get their own exit codes', async () => {
    const missing = await cli('alert-rules', 'get', '01a00000-0000-7000-8000-000000000000');
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('not found');
    const zone = await cli('--zone', 'mars', 'alert-rules', 'list');
    expect(zone.code).toBe(5);
    expect(zone.stderr).toContain('X-Cluster');
    const state = await cli('alert-rules', 'list', '--state', 'on-fire');
    expect(state.code).toBe(2);
    expect(state.stderr).toContain('Each status must be one of');
    expect((await cli('alert-rules', 'frobnicate')).code).toBe(2);
    expect((await cli('status', '--from', 'yesterday-ish')).code).toBe(2);
  });

  it('status: one bar per rule, the worst state per bucket, and the timelines as JSON', async () => {
    const table = await cli('status', firing.id, calm.id, quiet.id, '--from', '2h', '--buckets', '20');
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    const bar = (name: string) =>
      lines
        .find((line) => line.includes(name))
        ?.split(/\s{2,}/)
        .at(-1) ?? '';
    // 2 h in 20 buckets of 360 s; the last bucket holds the fire (and, for disk full, its resolution).
    expect(bar('checkout latency')).toMatch(/^\.{19}#$/);
    expect(bar('disk full')).toMatch(/^\.{19}#$/);
    expect(bar('queue depth')).toMatch(/^\.{20}$/);
    expect(lines.at(-1)).toContain('# critical  ! warning  ^ triggered  - resolved  . unknown');
    const timelines = await json<{ alertRuleId: string; segments: { status: string }[] }[]>(
      'status',
      firing.id,
      '--from',
      '2h',
      '--buckets',
      '20',
    );
    expect(timelines[0]?.alertRuleId).toBe(firing.id);
    expect(timelines[0]?.segments.at(-1)?.status).toBe('critical');
    const tagged = await cli('status', '--tag', tag, '--from', '1h', '--buckets', '10', '-q');
    expect(tagged.stdout.trim().split('\n').sort()).toEqual([firing.id, calm.id, quiet.id].sort());
  });

  it('now, ack, silence and resolve', async () => {
    const now = await cli('now');
    expect(now.stdout).toMatch(
      new RegExp(`${tag} checkout latency\\s+critical\\s+HighLatency\\s+checkout-1`),
    );
    const nowJson = await json<{ rule: { id: string }; alerts: unknown[] }[]>('now');
    expect(nowJson.find((entry) => entry.rule.id === firing.id)?.alerts).toHaveLength(1);
    expect((await cli('now', '-q')).stdout).toContain(firing.id);

    const ack = await cli('ack', firing.id);
    expect(ack.code).toBe(0);
    expect(ack.stdout).toBe(`${firing.id}: Alert rule acknowledged.\n`);
    // Again: the server says so (already acknowledged), still a success.
    expect(await json('ack', firing.id)).toMatchObject({ message: expect.any(String) });

    // Silence is idempotent although the server's call toggles.
    expect((await cli('silence', firing.id)).stdout).toContain('silenced for you');
    expect((await cli('silence', firing.id)).stdout).toContain('silenced for you');
    expect(await json('alert-rules', 'get', firing.id)).toMatchObject({ silentStatus: 'silent' });
    expect(await json('silence', '--off', firing.id)).toMatchObject({ silentStatus: 'active' });

    const resolved = await cli('resolve', firing.id);
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(`${firing.id}: `);
    expect(await json('alert-rules', 'get', firing.id)).toMatchObject({ state: 'resolved' });
    expect((await cli('now', '-q')).stdout).not.toContain(firing.id);
  });

  it('schedule list and on-call: who is on call at an instant, and the next hand-offs', async () => {
    const me = await seed.call<{ id: string }>('GET', '/api/v1/auth/me');
    const team = await seed.call<{ id?: string; data?: { id: string } }>('POST', '/api/v1/team', {
      name: `${tag} on call`,
      ownerId: me.id,
      userIds: [me.id],
    });
    const teamId = team.id ?? team.data?.id;
    const schedule = await seed.call<{ id: string }>('POST', '/api/v1/schedule', {
      name: `${tag} primary`,
      teamId,
      timeZone: 'Europe/London',
      layers: [
        {
          priority: 0,
          rotations: [{ unit: 'day', startsAt: '2026-01-05T09:00', members: [me.id, null] }],
        },
      ],
    });
    const listed = await json<{ id: string; name: string }[]>('schedule', 'list');
    expect(listed.map((s) => s.name)).toContain(`${tag} primary`);
    const onDuty = await cli('schedule', 'on-call', schedule.id, '--at', '2026-01-05 10:00');
    expect(onDuty.code, onDuty.stderr).toBe(0);
    expect(onDuty.stdout).toMatch(/^FROM\s+ON CALL$/m);
    expect(onDuty.stdout).toMatch(/^2026-01-05T10:00:00\.000Z\s+System Administrator$/m);
    expect(onDuty.stdout).toMatch(/^2026-01-06T09:00:00\.000Z\s+\(nobody: a gap\)$/m);
    const missing = await cli('schedule', 'on-call', '00000000-0000-0000-0000-000000000000');
    expect(missing.code).toBe(5);
  });

  it('heartbeat ping needs no login; heartbeat list shows the states the pings left', async () => {
    const rule = await seed.call<{ id: string; apiToken: string }>('POST', '/api/v1/alert-rule', {
      type: 'heartbeat',
      name: `${tag} nightly backup`,
      scheduleKind: 'interval',
      periodSeconds: 3600,
      graceSeconds: 600,
    });
    const anonymous = cliHome(apiUrl);
    const ping = await runCli(anonymous, ['heartbeat', 'ping', rule.apiToken, '--rid', 'run-1']);
    expect(ping.code, ping.stderr).toBe(0);
    expect(ping.stdout.trim()).toBe('pinged: up');
    const failed = await runCli(anonymous, [
      'heartbeat',
      'ping',
      rule.apiToken,
      '--exit',
      '3',
      '--instance',
      'db-1',
    ]);
    expect(failed.stdout.trim()).toBe('pinged: down');
    const both = await runCli(anonymous, ['heartbeat', 'ping', rule.apiToken, '--start', '--fail']);
    expect(both.code).toBe(2);
    const unknown = await runCli(anonymous, ['heartbeat', 'ping', 'ak_nosuchtoken']);
    expect(unknown.code).toBe(5);

    const listed = await json<{ heartbeats: { instance: string; state: string }[] }>(
      'heartbeat',
      'list',
      rule.id,
    );
    expect(listed.heartbeats.map((h) => [h.instance, h.state]).sort()).toEqual([
      ['', 'up'],
      ['db-1', 'down'],
    ]);
    const table = await cli('heartbeat', 'list', rule.id);
    expect(table.stdout).toMatch(/^INSTANCE\s+STATE\s+LAST PING\s+DOWN AT\s+PINGS$/m);
    expect(table.stdout).toMatch(/^db-1\s+down\s/m);
    expect(table.stderr).toContain(`/api/v1/heartbeat/${rule.apiToken}`);
  });

  it('zone list, and --zone main is sent and accepted', async () => {
    const zones = await cli('zone', 'list');
    expect(zones.stdout).toMatch(/^ID\s+NAME\s+TYPE\s+URL\s+CURRENT$/m);
    expect(zones.stdout).toMatch(/^main\s+main\s+main\s+\S+\s+\*$/m);
    expect(await json('zone', 'list')).toEqual([expect.objectContaining({ id: 'main', type: 'main' })]);
    expect((await cli('--zone', 'main', 'alert-rules', 'list', '--tag', tag, '-q')).code).toBe(0);
  });

  it('colors on a terminal only: FORCE_COLOR paints, NO_COLOR wins', async () => {
    const painted = await runCli({ ...home, env: { ...home.env, NO_COLOR: '', FORCE_COLOR: '1' } }, [
      'alert-rules',
      'list',
      '--tag',
      tag,
    ]);
    expect(painted.stdout).toContain('\x1b[');
    const plain = await runCli({ ...home, env: { ...home.env, NO_COLOR: '1', FORCE_COLOR: '1' } }, [
      'alert-rules',
      'list',
      '--tag',
      tag,
    ]);
    expect(plain.stdout).not.toContain('\x1b[');
  });
});

describe('address precedence and config', () => {
  it('--api-url, then ONCALL_API_URL, then the config file, then the default', async () => {
    const home = cliHome('');
    const source = async (env: Record<string, string>, ...args: string[]) => {
      const result = await runCli({ ...home, env: { ...home.env, ...env } }, [
        ...args,
        'auth',
        'status',
        '-o',
        'json',
      ]);
      return JSON.parse(result.stdout) as { server: string; serverSource: string };
    };
    expect(await source({})).toMatchObject({ server: 'http://127.0.0.1:3000', serverSource: 'default' });
    expect(
      (await runCli(home, ['config', 'set', 'api-url', 'http://config.example:8080/api/v1/'])).code,
    ).toBe(0);
    expect((await runCli(home, ['config', 'get', 'api-url'])).stdout).toBe('http://config.example:8080\n');
    expect(await source({})).toMatchObject({
      server: 'http://config.example:8080',
      serverSource: 'config file',
    });
    expect(await source({ ONCALL_API_URL: 'http://env.example' })).toMatchObject({
      server: 'http://env.example',
      serverSource: 'ONCALL_API_URL',
    });
    expect(
      await source({ ONCALL_API_URL: 'http://env.example' }, '--api-url', 'https://flag.example'),
    ).toMatchObject({
      server: 'https://flag.example',
      serverSource: '--api-url',
    });
    // Profiles keep their own settings.
    expect(await source({}, '--profile', 'other')).toMatchObject({ serverSource: 'default' });
    const bad = await runCli(home, ['config', 'set', 'api-url', 'ftp://nope']);
    expect(bad.code).toBe(2);
    expect((await runCli(home, ['config', 'get', 'zone'])).code).toBe(5);
    expect((await runCli(home, ['config', 'set', 'colour', 'red'])).code).toBe(2);
    const path = await runCli(home, ['config', 'path']);
    expect(path.stdout.trim()).toBe(`${home.configDir}/config.json`);
  });

  it('prints help with an example for every command, and completion scripts bash can use', async () => {
    const home = cliHome('');
    const help = await runCli(home, ['--help']);
    expect(help.code).toBe(0);
    const commands = [
      ['login'],
      ['logout'],
      ['whoami'],
      ['auth', 'status'],
      ['config', 'set'],
      ['config', 'get'],
      ['alert-rules', 'list'],
      ['alert-rules', 'get'],
      ['alert-rules', 'fired'],
      ['alert-rules', 'history'],
      ['status'],
      ['now'],
      ['ack'],
      ['resolve'],
      ['silence'],
      ['zone', 'list'],
      ['completion'],
    ];
    for (const command of commands) {
      const text = (await runCli(home, [...command, '--help'])).stdout;
      expect(text, command.join(' ')).toMatch(new RegExp(`Examples:\\n  \\$ .*oncall ${command[0]}`));
    }
    const bash = spawnSync('bash', [
      '-c',
      `source <(node ${CLI} completion bash); COMP_WORDS=(oncall alert-rules h); COMP_CWORD=2; _oncall_completion; echo "\${COMPREPLY[@]}"; COMP_WORDS=(oncall alert-rules list --per); COMP_CWORD=3; _oncall_completion; echo "\${COMPREPLY[@]}"`,
    ]);
    expect(bash.stdout.toString()).toBe('history\n--per-page\n');
    expect((await runCli(home, ['completion', 'zsh'])).stdout).toContain('#compdef oncall');
    const fish = (await runCli(home, ['completion', 'fish'])).stdout;
    expect(fish).toContain("complete -c oncall -n '__fish_oncall_at alert-rules' -a list");
    expect((await runCli(home, ['completion', 'tcsh'])).code).toBe(2);
  });
});
