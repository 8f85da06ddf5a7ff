import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFile(resolve(packageDir, path), 'utf8');

/**
 * The README's complete examples are the type-checked, tested modules of test/example/, as a
 * plugin package would write them (naming the SDK by its package name).
 */
describe('README examples', () => {
  it('are the example channel and source, verbatim', async () => {
    const blocks = [...(await read('README.md')).matchAll(/```ts\n([\s\S]*?)```/g)].map(([, code]) => code);
    const channel = await read('test/example/ntfy-channel.ts');
    const source = (await read('test/example/uptime-kuma-source.ts')).replace(
      "'../../src'",
      "'@oncall/plugin-sdk'",
    );
    expect(blocks).toContain(channel);
    expect(blocks).toContain(source);
  });
});
