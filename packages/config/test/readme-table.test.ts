import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config-schema';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const table = readme.slice(readme.indexOf('## Configuration'));

describe("the README's configuration table", () => {
  it('names every variable the config schema reads', () => {
    const named = new Set(table.match(/`[A-Z][A-Z0-9_]+`/g)?.map((v) => v.slice(1, -1)));
    const missing = Object.keys(envSchema.shape).filter((variable) => !named.has(variable));
    expect(missing).toEqual([]);
  });
});
