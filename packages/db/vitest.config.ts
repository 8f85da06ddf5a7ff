import { defineConfig } from 'vitest/config';

// Opening PGlite and running every migration takes several seconds, more on a busy machine.
export default defineConfig({ test: { hookTimeout: 60_000, testTimeout: 30_000 } });
