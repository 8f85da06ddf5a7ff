import { readFileSync } from 'node:fs';

/** This service's version (the server package's), as an agent reports it to its main. */
export function serviceVersion(): string {
  // `src/` and `dist/` both sit one level below the package.
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  return typeof version === 'string' ? version : '0.0.0';
}
