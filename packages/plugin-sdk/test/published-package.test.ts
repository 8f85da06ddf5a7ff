import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoModules = resolve(packageDir, '../../node_modules');

/**
 * The SDK as an external plugin package gets it: built, staged, packed with `npm pack`, unpacked into a
 * project's node_modules next to zod and vitest, and imported without the repository's
 * `development` condition, so only what the tarball ships (dist/, README.md) is there to resolve.
 */
describe('published @oncall/plugin-sdk', () => {
  let project = '';

  beforeAll(async () => {
    await run(process.execPath, [resolve(packageDir, '../../scripts/build-package.mjs')], {
      cwd: packageDir,
    });
    project = await mkdtemp(join(tmpdir(), 'plugin-sdk-consumer-'));
    const staged = join(project, 'staged');
    await run(process.execPath, [resolve(packageDir, '../../scripts/stage-package.mjs'), staged], {
      cwd: packageDir,
    });
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: staged });
    const [packed] = JSON.parse(stdout) as [{ filename: string }];
    const installed = join(project, 'node_modules/@oncall/plugin-sdk');
    await mkdir(installed, { recursive: true });
    await run('tar', ['-xzf', join(project, packed.filename), '-C', installed, '--strip-components=1']);
    await mkdir(join(project, 'node_modules/@types'));
    for (const dependency of ['zod', 'vitest', '@types/node']) {
      await symlink(join(repoModules, dependency), join(project, 'node_modules', dependency), 'dir');
    }
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module' }));
    await cp(join(packageDir, 'test/example'), join(project, 'example'), { recursive: true });
    // The worked source example imports the SDK's sources by path; a consumer names the package.
    const source = join(project, 'example/uptime-kuma-source.ts');
    await writeFile(source, (await readFile(source, 'utf8')).replace("'../../src'", "'@oncall/plugin-sdk'"));
    await mkdir(join(project, 'published'));
    await cp(join(packageDir, 'test/published/consumer.mjs'), join(project, 'consumer.mjs'));
    await cp(join(packageDir, 'test/published/typed-consumer.ts'), join(project, 'typed-consumer.ts'));
    await cp(
      join(packageDir, 'test/published/contract.consumer.ts'),
      join(project, 'published/contract.test.ts'),
    );
  }, 120_000);

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('ships dist/ and the README, not the sources', async () => {
    const manifest = JSON.parse(
      await readFile(join(project, 'node_modules/@oncall/plugin-sdk/package.json'), 'utf8'),
    ) as { exports: Record<string, { types: string; default: string }> };
    for (const entry of Object.values(manifest.exports)) {
      await expect(
        readFile(join(project, 'node_modules/@oncall/plugin-sdk', entry.types)),
      ).resolves.toBeTruthy();
      await expect(
        readFile(join(project, 'node_modules/@oncall/plugin-sdk', entry.default)),
      ).resolves.toBeTruthy();
    }
    await expect(readFile(join(project, 'node_modules/@oncall/plugin-sdk/README.md'))).resolves.toBeTruthy();
    await expect(readFile(join(project, 'node_modules/@oncall/plugin-sdk/src/index.ts'))).rejects.toThrow();
  });

  it('defines a channel under plain Node', async () => {
    const { stdout } = await run(process.execPath, ['consumer.mjs'], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ id: 'echo', config: { prefix: 'p-' } });
  });

  it('type-checks a consumer resolving with nodenext against the shipped declarations', async () => {
    const tsc = join(repoModules, 'typescript/bin/tsc');
    const options = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    await expect(
      run(process.execPath, [tsc, ...options, '--target', 'es2023', '--types', 'node', 'typed-consumer.ts'], {
        cwd: project,
      }),
    ).resolves.toBeTruthy();
  }, 120_000);

  it("runs the contract-test kit from the consumer's own vitest", async () => {
    const { stdout } = await run(
      process.execPath,
      [join(repoModules, 'vitest/vitest.mjs'), 'run', '--root', project, '--reporter=json'],
      { cwd: project },
    );
    const report = JSON.parse(stdout) as {
      numFailedTests: number;
      testResults: { assertionResults: { ancestorTitles: string[]; status: string }[] }[];
    };
    const suites = report.testResults.flatMap((file) =>
      file.assertionResults.map((test) => test.ancestorTitles[0]),
    );
    expect(report.numFailedTests).toBe(0);
    expect(new Set(suites)).toEqual(new Set(['channel contract: ntfy', 'source contract: uptime-kuma']));
  }, 120_000);
});
