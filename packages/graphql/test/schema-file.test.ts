import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from '../src/index';
import { builtInRuleTypes } from './support/built-in-rule-types';

describe('schema.graphql', () => {
  it('is the printed schema (run `npm run print-schema -w @oncall/graphql` after changing a type)', () => {
    const committed = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printedSchema(builtInRuleTypes()));
  });
});
