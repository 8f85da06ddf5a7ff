import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Where the web UI's production build is (`@oncall/web`'s `dist/`), or undefined when it has not
 * been built (`npm run build` builds it before the server; tests of the API need none).
 */
export function webBuildRoot(): string | undefined {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve('@oncall/web/package.json');
  } catch {
    return undefined;
  }
  const root = join(dirname(manifest), 'dist');
  return existsSync(join(root, 'index.html')) ? root : undefined;
}
