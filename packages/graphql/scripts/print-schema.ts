import { writeFileSync } from 'node:fs';
import { printedSchema } from '../src/schema';

/** Writes `schema.graphql` beside package.json; a test fails while the committed file lags behind. */
const target = new URL('../schema.graphql', import.meta.url);
writeFileSync(target, printedSchema());
console.log(`wrote ${target.pathname}`);
