import { defineConfig } from 'vitest/config';

/**
 * The built CLI runs as a subprocess against the real server (started once, from its sources, in
 * test/support/global-setup.ts) with the kernel keyring: `npm test` runs this under `keyctl session`
 * (scripts/run-tests.mjs). Files run one at a time: they share the server and a tmux server each.
 */
export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/forget-sessions.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
