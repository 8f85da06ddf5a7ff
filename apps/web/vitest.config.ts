import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['test/**/*.test.{ts,tsx}'],
      setupFiles: ['./test/setup.ts'],
      // Typing into jsdom with userEvent takes seconds on a loaded shared box: 5 s timed out
      // component tests that pass alone.
      testTimeout: 20_000,
    },
  }),
);
