import { fileURLToPath } from 'node:url';

/** The workflows module a Worker bundles (`Worker.create({ workflowsPath })`), resolved from this package. */
export const workflowsPath = fileURLToPath(new URL('./workflows.ts', import.meta.url));
