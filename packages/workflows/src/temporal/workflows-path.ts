import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The workflows module next to `moduleUrl`, with its extension: `workflows.ts` among the sources
 * (tsx, vitest), `workflows.js` in the compiled `dist/` the production start runs.
 */
export function workflowsModuleBeside(moduleUrl: string): string {
  const modulePath = fileURLToPath(moduleUrl);
  return fileURLToPath(new URL(`./workflows${extname(modulePath)}`, moduleUrl));
}

/** The workflows module a Worker bundles (`Worker.create({ workflowsPath })`), resolved from this package. */
export const workflowsPath = workflowsModuleBeside(import.meta.url);
