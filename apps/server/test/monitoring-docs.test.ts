import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function binary(name: string): string | undefined {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
// Debian's prometheus package ships promtool; CI installs it.
const PROMTOOL = binary('promtool');
if (PROMTOOL === undefined && process.env.CI) {
  throw new Error('CI must install the prometheus package, which has promtool (.ci/run)');
}

/** The alerting rules docs/monitoring.md ships are rules Prometheus loads, on series that exist. */
describe.skipIf(PROMTOOL === undefined)('docs/monitoring.md alerting rules', () => {
  it('pass promtool check rules, and name only series the service exposes', () => {
    const text = readFileSync(join(REPO, 'docs/monitoring.md'), 'utf8');
    const blocks = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    expect(blocks).toHaveLength(1);
    const [rules = ''] = blocks;
    const dir = mkdtempSync(join(tmpdir(), 'oncall-monitoring-rules-'));
    try {
      const file = join(dir, 'rules.yml');
      writeFileSync(file, rules);
      const output = execFileSync(PROMTOOL ?? '', ['check', 'rules', file], { encoding: 'utf8' });
      expect(output).toContain('SUCCESS: 6 rules found');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const series = new Set([...rules.matchAll(/\b(oncall_[a-z_]+)\b/g)].map((match) => match[1]));
    expect([...series].sort()).toEqual([
      'oncall_check_runs_total',
      'oncall_due_work_oldest_age_seconds',
      'oncall_engine_queue_oldest_job_age_seconds',
      'oncall_heartbeats',
      'oncall_undeliverable_pages_total',
    ]);
  });
});
