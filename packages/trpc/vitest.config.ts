import { defineConfig } from 'vitest/config';

/** Each file opens and migrates its own database; embedded PGlite on a busy machine needs the margin. */
export default defineConfig({ test: { hookTimeout: 60_000 } });
