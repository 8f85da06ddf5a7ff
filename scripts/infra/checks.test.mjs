// The infrastructure checks refuse what they exist to refuse: each case breaks one promise in a
// copy of infra/compose.yaml or of the chart and expects the check to name it. (That the
// repository's own files pass is `npm run infra:check` itself.)
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { checkCompose } from './check-compose.mjs';
import { checkChart } from './check-helm.mjs';
import { repoRoot } from './infra-files.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'oncall-infra-check-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of infra/compose.yaml (and the proxy's config beside it) with one edit. */
function composeWith(name, edit) {
  const dir = join(scratch, `compose-${name}`);
  cpSync(join(repoRoot, 'infra'), dir, { recursive: true, filter: (path) => !path.includes('/helm') });
  const file = join(dir, 'compose.yaml');
  const text = readFileSync(file, 'utf8');
  const edited = edit(text);
  assert.notEqual(edited, text, 'the edit changed nothing');
  writeFileSync(file, edited);
  return file;
}

/** A copy of the chart with one template edited. */
function chartWith(name, template, edit) {
  const dir = join(scratch, `chart-${name}`);
  cpSync(join(repoRoot, 'infra', 'helm', 'oncall'), dir, { recursive: true });
  const file = join(dir, 'templates', template);
  const text = readFileSync(file, 'utf8');
  const edited = edit(text);
  assert.notEqual(edited, text, 'the edit changed nothing');
  writeFileSync(file, edited);
  return dir;
}

function assertNamed(problems, pattern) {
  assert.ok(
    problems.some((problem) => pattern.test(problem)),
    `expected a problem matching ${pattern}, got:\n${problems.join('\n')}`,
  );
}

describe('the compose check', () => {
  it('refuses an API server that works the jobs', () => {
    const file = composeWith('api-works', (text) =>
      text.replace('ENGINE_WORKERS: "false"', 'ENGINE_WORKERS: "true"'),
    );
    assertNamed(
      checkCompose(file, { composeConfig: false }),
      /service server: an API server behind the proxy must set ENGINE_WORKERS=false/,
    );
  });

  it('refuses a key the Compose Specification does not have', () => {
    const file = composeWith('misspelt', (text) =>
      text.replace('    healthcheck: *ready-check', '    healthcheks: *ready-check'),
    );
    assertNamed(
      checkCompose(file, { composeConfig: false }),
      /schema: \/services\/\S+ must NOT have additional properties/,
    );
  });

  it('refuses an environment the service would refuse at start', () => {
    const file = composeWith('bad-temporal', (text) =>
      text.replace('TEMPORAL_ADDRESS: temporal:7233', 'TEMPORAL_ADDRESS: temporal'),
    );
    assertNamed(
      checkCompose(file, { composeConfig: false }),
      /its environment is refused: .*TEMPORAL_ADDRESS/s,
    );
  });

  it('refuses Temporal settings in the embedded profile', () => {
    const file = composeWith('temporal-in-embedded', (text) =>
      text.replace(
        '      <<: *oncall-env\n      ENGINE_WORKERS: "true"',
        '      <<: [*oncall-env, *temporal-env]\n      ENGINE_WORKERS: "true"',
      ),
    );
    assertNamed(
      checkCompose(file, { composeConfig: false }),
      /profile embedded, service engine: TEMPORAL_ADDRESS outside the temporal profile/,
    );
  });

  it('refuses a command the build does not make', () => {
    const file = composeWith('worker-path', (text) =>
      text.replace('apps/worker/dist/main.js', 'apps/worker/dist/worker.js'),
    );
    assertNamed(
      checkCompose(file, { composeConfig: false }),
      /service worker: runs apps\/worker\/dist\/worker.js, which the build does not make/,
    );
  });
});

describe('the Helm check', () => {
  it('refuses a misspelt Kubernetes field, which the schemas alone let through', () => {
    const chart = chartWith('misspelt', '_helpers.tpl', (text) =>
      text.replace('  readinessProbe:', '  readynessProbe:'),
    );
    const { problems } = checkChart(chart);
    assertNamed(problems, /'"readynessProbe"' does not exist in type 'IContainer'/);
  });

  it('refuses a worker deployment without Temporal', () => {
    const chart = chartWith('worker-always', 'deployment-worker.yaml', (text) =>
      text.replace('{{- if .Values.temporal.enabled }}', '{{- if true }}'),
    );
    const { problems } = checkChart(chart);
    assertNamed(problems, /embedded engine, values inline: worker deployment present/);
    assertNamed(problems, /the worker without TEMPORAL_ADDRESS/);
  });
});
