import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workflowsPath } from '../src/index';
import { workflowsModuleBeside } from '../src/temporal/workflows-path';

describe('workflowsPath', () => {
  it('names the workflows module of the build that asks: the sources, or the compiled dist/', () => {
    expect(workflowsModuleBeside('file:///srv/oncall/workflows/src/temporal/workflows-path.ts')).toBe(
      '/srv/oncall/workflows/src/temporal/workflows.ts',
    );
    expect(workflowsModuleBeside('file:///srv/oncall/workflows/dist/temporal/workflows-path.js')).toBe(
      '/srv/oncall/workflows/dist/temporal/workflows.js',
    );
  });

  it('is a file that exists', () => {
    expect(existsSync(workflowsPath)).toBe(true);
  });
});
