import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ADMIN } from '@oncall/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRule } from './support/seed-rule';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);
const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The address the docs write; the blocks run against the started server instead. */
const DOC_ADDRESS = 'http://127.0.0.1:3000';

/** The ```sh blocks of a Markdown file, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

/**
 * The docs keep readable placeholders (`TOKEN=...`, `<sms endpoint>`, `0193...e1`); each is
 * replaced by a real value of the started server, so what a reader copies is what runs.
 */
function substitute(block: string, url: string, ids: Record<string, string>): string {
  const replacements: Array<[string, string]> = [
    [DOC_ADDRESS, url],
    ['"password":"…"', `"password":"${ADMIN.password}"`],
    ['TOKEN=...', 'TOKEN=$DOC_TOKEN'],
    ['RULE=0193...', 'RULE=$DOC_RULE'],
    ['<DBA telegram endpoint>', ids.telegram ?? ''],
    ['<telegram endpoint>', ids.telegram ?? ''],
    ['<sms endpoint>', ids.sms ?? ''],
    ['0193...e1', ids.telegram ?? ''],
    ['<uplink rule>', ids.uplink ?? ''],
    ['0193...r7', ids.uplink ?? ''],
  ];
  return replacements.reduce((text, [from, to]) => text.split(from).join(to), block);
}

/**
 * One bash per document, its blocks in order (a later block uses what an earlier one set, as a
 * reader's shell would); `curl` fails on any 4xx/5xx answer, so a documented call the server
 * refuses fails the test with the server's answer.
 */
async function runDocument(
  file: string,
  url: string,
  env: Record<string, string>,
  ids: Record<string, string>,
) {
  const blocks = shellBlocks(await readFile(join(REPO, file), 'utf8'));
  const script = [
    'set -euo pipefail',
    'curl() { command curl -sS --fail-with-body "$@"; }',
    ...blocks.map(
      (block, index) => `echo "== ${file} block ${index + 1}" >&2\n${substitute(block, url, ids)}`,
    ),
  ].join('\n');
  // Inside the repository, so `npx openapi-typescript` finds the installed one as in a project.
  await mkdir(join(REPO, 'node_modules/.cache'), { recursive: true });
  const cwd = await mkdtemp(join(REPO, 'node_modules/.cache/docs-commands-'));
  try {
    return {
      blocks: blocks.length,
      ...(await run('bash', ['-c', script], {
        cwd,
        env: { ...process.env, ...env, PATH: `${join(REPO, 'node_modules/.bin')}:${process.env.PATH ?? ''}` },
        timeout: 60_000,
      })),
    };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

describe('the command blocks of docs/api.md and docs/behavior-rules.md against a started server', () => {
  let h: TestApp;
  let url: string;
  let env: Record<string, string>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    h = await createTestApp();
    url = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const rule = await seedRule(h.t, { name: 'docs rule', endpointOwners: [] });
    const checkout = await seedRule(h.t, { name: 'docs checkout' });
    const uplink = await seedRule(h.t, { name: 'docs uplink', endpointOwners: [] });
    const withEndpoints = await seedRule(h.t, { name: 'docs endpoints' });
    const [telegram = '', sms = ''] = [...withEndpoints.endpointIds, ...checkout.endpointIds];
    ids = { telegram, sms, uplink: uplink.ruleId };
    env = {
      DOC_TOKEN: await h.adminToken(),
      DOC_RULE: rule.ruleId,
      RULE_TOKEN: rule.token,
      CHECKOUT_RULE: checkout.ruleId,
    };
  });
  afterAll(() => h.dispose());

  it.each(['docs/api.md', 'docs/behavior-rules.md'])(
    'every ```sh block of %s runs',
    async (file) => {
      const result = await runDocument(file, url, env, ids).catch(
        (error: { stdout?: string; stderr?: string }) => {
          throw new Error(`${file}: a command block failed\n${error.stderr ?? ''}\n${error.stdout ?? ''}`);
        },
      );
      expect(result.blocks).toBeGreaterThan(0);
    },
    120_000,
  );
});
