import { writeFileSync } from 'node:fs';
import { printedSchema } from '../src/schema';
import { builtInRuleTypes } from '../test/support/built-in-rule-types';

/** Writes `schema.graphql` beside package.json; a test fails while the committed file lags behind. */
const target = new URL('../schema.graphql', import.meta.url);
writeFileSync(target, printedSchema(builtInRuleTypes()));
console.log(`wrote ${target.pathname}`);
