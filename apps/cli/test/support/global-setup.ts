import type { TestProject } from 'vitest/node';
import { startTestServer } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

/** One server for the suite: the files log in as users of their own (their own config and keyring). */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('apiUrl', server.url);
  return () => server.stop();
}
