#!/usr/bin/env node
// Renders infra/helm/oncall with the real `helm` (scripts/infra/helm-binary.mjs) and checks what it
// renders (`npm run infra:check`):
//
// 1. `helm lint --strict`, and `helm template` for each scenario below; the refused ones must fail.
// 2. Every manifest against the Kubernetes API's schemas (the `kubernetes-models` package: types,
//    required fields, enums, formats), and through TypeScript against its interfaces, whose excess
//    property checks catch a misspelt field the schemas would let through.
// 3. The chart's promises: API servers with ENGINE_WORKERS=false behind the Service, one engine
//    deployment with ENGINE_WORKERS=true, the worker exactly when Temporal is on, probes on /healthz
//    and /readyz, non-root pods, commands the build makes, secrets named that exist, the ingress on
//    PUBLIC_URL's host and path, and each process's environment accepted by @oncall/config.
//
// Run with tsx and the `development` condition: it imports @oncall/config from its sources.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@oncall/config';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { helmBinary } from './helm-binary.mjs';
import { buildOutputs, commandPath, dockerfileEnv, fail, repoRoot } from './infra-files.mjs';

const cacheDir = join(repoRoot, 'node_modules', '.cache', 'oncall-infra');
const SERVER = 'apps/server/dist/main.js';
const WORKER = 'apps/worker/dist/main.js';

/** The kinds the chart renders: their model (schema validation) and their TypeScript interface. */
const MODELS = {
  'v1/ServiceAccount': { model: ServiceAccount, module: 'kubernetes-models/v1', type: 'IServiceAccount' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1', type: 'ISecret' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1', type: 'IService' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1', type: 'IDeployment' },
  'batch/v1/Job': { model: Job, module: 'kubernetes-models/batch/v1', type: 'IJob' },
  'networking.k8s.io/v1/Ingress': {
    model: Ingress,
    module: 'kubernetes-models/networking.k8s.io/v1',
    type: 'IIngress',
  },
};

const secrets = {
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  JWT_SECRET: randomBytes(48).toString('base64'),
  ADMIN_PASSWORD: 'a-strong-admin-password',
  DATABASE_URL: 'postgres://oncall:secret@db.example.org:5432/oncall',
};
const inlineSecrets = {
  'database.url': secrets.DATABASE_URL,
  'secrets.encryptionKey': secrets.ENCRYPTION_KEY,
  'secrets.jwtSecret': secrets.JWT_SECRET,
  'secrets.adminPassword': secrets.ADMIN_PASSWORD,
};

const scenarios = [
  {
    name: 'embedded engine, values inline',
    values: { ...inlineSecrets },
    expect: { apiReplicas: 2, temporal: false, ingress: undefined, existingSecrets: [] },
  },
  {
    name: 'Temporal, existing secrets, ingress under a path',
    values: {
      'database.existingSecret': 'oncall-db',
      'secrets.existingSecret': 'oncall-keys',
      'temporal.enabled': 'true',
      'temporal.address': 'temporal-frontend.temporal:7233',
      'ingress.enabled': 'true',
      'ingress.className': 'nginx',
      'ingress.tlsSecretName': 'oncall-tls',
      publicUrl: 'https://ops.example.org/oncall/',
      replicas: '3',
    },
    expect: {
      apiReplicas: 3,
      temporal: true,
      ingress: { host: 'ops.example.org', path: '/oncall' },
      existingSecrets: ['oncall-db', 'oncall-keys'],
    },
  },
];

const refused = [
  { name: 'Temporal on without an address', values: { ...inlineSecrets, 'temporal.enabled': 'true' } },
  { name: 'no database', values: { 'secrets.existingSecret': 'oncall-keys' } },
  {
    name: 'an encryption key of the wrong length',
    values: { ...inlineSecrets, 'secrets.encryptionKey': 'c2hvcnQ=' },
  },
  {
    name: 'a public URL without a scheme',
    values: { ...inlineSecrets, publicUrl: 'oncall.example.org/oncall' },
  },
];

/** The problems found in a chart (none: it holds), and the `helm` that rendered it. */
export function checkChart(chart) {
  const helm = helmBinary();
  const imageEnv = dockerfileEnv(join(repoRoot, 'infra', 'Dockerfile'));
  const outputs = buildOutputs();
  const problems = [];
  const typed = [];

  try {
    execFileSync(helm, ['lint', chart, '--strict', ...setFlags(inlineSecrets)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } catch (error) {
    problems.push(`helm lint: ${String(error.stderr ?? error.message).trim()}`);
  }
  for (const scenario of scenarios) {
    const manifests = render(scenario.values);
    if (manifests) checkScenario(scenario, manifests);
  }
  for (const scenario of refused) {
    if (render(scenario.values, { quiet: true }))
      problems.push(`${scenario.name}: rendered, should be refused`);
  }
  checkTypes();
  return { problems, helmVersion: execFileSync(helm, ['version', '--short'], { encoding: 'utf8' }).trim() };

  function setFlags(values) {
    return Object.entries(values).flatMap(([key, value]) => ['--set-string', `${key}=${value}`]);
  }

  function render(values, { quiet = false } = {}) {
    // Numbers and booleans are set as such; --set-string would make `replicas` a string.
    const flags = Object.entries(values).flatMap(([key, value]) =>
      /^(true|false|\d+)$/.test(value) ? ['--set', `${key}=${value}`] : ['--set-string', `${key}=${value}`],
    );
    try {
      const text = execFileSync(helm, ['template', 'ops', chart, '--namespace', 'oncall', ...flags], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return parseAllDocuments(text)
        .map((document) => document.toJS())
        .filter(Boolean);
    } catch (error) {
      if (!quiet)
        problems.push(
          `helm template (${JSON.stringify(values)}): ${String(error.stderr ?? error.message).trim()}`,
        );
      return undefined;
    }
  }

  function checkScenario(scenario, manifests) {
    const where = (what) => `${scenario.name}: ${what}`;
    for (const manifest of manifests) {
      const key = `${manifest.apiVersion}/${manifest.kind}`;
      const known = MODELS[key];
      if (!known) {
        problems.push(where(`${key} ${manifest.metadata?.name} is of no kind this check knows`));
        continue;
      }
      try {
        new known.model(manifest).validate();
      } catch (error) {
        problems.push(where(`${key} ${manifest.metadata.name}: ${error.message}`));
      }
      typed.push({ scenario: scenario.name, ...known, manifest });
    }
    const of = (kind) => manifests.filter((manifest) => manifest.kind === kind);
    const byComponent = (kind, component) =>
      of(kind).find((manifest) => manifest.metadata.labels?.['app.kubernetes.io/component'] === component);

    const secretNames = new Set([
      ...of('Secret').map((secret) => secret.metadata.name),
      ...scenario.expect.existingSecrets,
    ]);
    const serviceAccounts = new Set(of('ServiceAccount').map((account) => account.metadata.name));
    const api = byComponent('Deployment', 'api');
    const engine = byComponent('Deployment', 'engine');
    const worker = byComponent('Deployment', 'worker');
    const migrate = byComponent('Job', 'migrate');
    if (!api || !engine || !migrate)
      return problems.push(where('an API, engine or migration workload is missing'));
    if (api.spec.replicas !== scenario.expect.apiReplicas)
      problems.push(where(`${api.spec.replicas} API replicas`));
    if (Boolean(worker) !== scenario.expect.temporal)
      problems.push(where(`worker deployment ${worker ? 'present' : 'missing'}`));

    for (const workload of [api, engine, worker, migrate].filter(Boolean)) {
      const name = `${workload.kind} ${workload.metadata.name}`;
      const pod = workload.spec.template.spec;
      if (pod.securityContext?.runAsNonRoot !== true) problems.push(where(`${name} may run as root`));
      if (workload.kind === 'Deployment' && !serviceAccounts.has(pod.serviceAccountName)) {
        problems.push(where(`${name} uses service account ${pod.serviceAccountName}, not rendered`));
      }
      for (const container of pod.containers) {
        if (container.securityContext?.allowPrivilegeEscalation !== false)
          problems.push(where(`${name} allows privilege escalation`));
        const path = commandPath(container.command) ?? SERVER;
        if (!outputs.has(path)) problems.push(where(`${name} runs ${path}, which the build does not make`));
        if (path === SERVER) checkProbes(where(name), container);
        checkEnv(where(name), scenario, container, path, secretNames);
      }
    }
    const workers = (deployment) => envValue(deployment.spec.template.spec.containers[0], 'ENGINE_WORKERS');
    if (workers(api) !== 'false') problems.push(where('the API servers do not set ENGINE_WORKERS=false'));
    if (workers(engine) !== 'true') problems.push(where('the engine servers do not set ENGINE_WORKERS=true'));

    const [service] = of('Service');
    const podLabels = api.spec.template.metadata.labels;
    const selected = Object.entries(service.spec.selector).every(
      ([label, value]) => podLabels[label] === value,
    );
    const engineLabels = engine.spec.template.metadata.labels;
    const selectsEngine = Object.entries(service.spec.selector).every(
      ([label, value]) => engineLabels[label] === value,
    );
    if (!selected || selectsEngine)
      problems.push(where('the Service does not select exactly the API servers'));

    const [ingress] = of('Ingress');
    if (Boolean(ingress) !== Boolean(scenario.expect.ingress))
      problems.push(where(`ingress ${ingress ? 'present' : 'missing'}`));
    if (ingress && scenario.expect.ingress) {
      const [rule] = ingress.spec.rules;
      const [path] = rule.http.paths;
      if (rule.host !== scenario.expect.ingress.host) problems.push(where(`ingress host ${rule.host}`));
      if (path.path !== scenario.expect.ingress.path || path.pathType !== 'Prefix')
        problems.push(where(`ingress path ${path.path}`));
      if (path.backend.service.name !== service.metadata.name)
        problems.push(where('the ingress sends to another Service'));
    }
  }

  function checkProbes(where, container) {
    const port = container.ports?.find((candidate) => candidate.name === 'http')?.containerPort;
    if (port !== Number(imageEnv.PORT))
      problems.push(`${where}: listens on ${port}, the image on ${imageEnv.PORT}`);
    if (container.livenessProbe?.httpGet?.path !== '/healthz')
      problems.push(`${where}: liveness probe not on /healthz`);
    if (container.readinessProbe?.httpGet?.path !== '/readyz')
      problems.push(`${where}: readiness probe not on /readyz`);
  }

  function envValue(container, name) {
    return container.env?.find((variable) => variable.name === name)?.value;
  }

  /** The container's environment as the process sees it, checked by the service's own loadConfig. */
  function checkEnv(where, scenario, container, path, secretNames) {
    const env = { ...imageEnv };
    for (const variable of container.env ?? []) {
      const ref = variable.valueFrom?.secretKeyRef;
      if (ref) {
        if (!secretNames.has(ref.name))
          problems.push(`${where}: ${variable.name} from Secret ${ref.name}, which does not exist`);
        env[variable.name] = secrets[variable.name];
      } else {
        env[variable.name] = variable.value;
      }
    }
    let config;
    try {
      config = loadConfig(env);
    } catch (error) {
      return problems.push(`${where}: its environment is refused: ${error.message}`);
    }
    if (config.database.kind !== 'postgres') problems.push(`${where}: no DATABASE_URL`);
    if (path !== 'apps/server/dist/migrate-cli.js' && Boolean(config.temporal) !== scenario.expect.temporal) {
      problems.push(`${where}: TEMPORAL_ADDRESS ${config.temporal ? 'set' : 'unset'}`);
    }
    if (path === WORKER && !config.temporal) problems.push(`${where}: the worker without TEMPORAL_ADDRESS`);
  }

  /** Each manifest assigned to its kubernetes-models interface: tsc reports any field it does not have. */
  function checkTypes() {
    if (typed.length === 0) return;
    mkdirSync(cacheDir, { recursive: true });
    const imports = [
      ...new Set(typed.map(({ module, type }) => `import type { ${type} } from '${module}';`)),
    ];
    const lines = typed.map(
      ({ scenario, type, manifest }, index) =>
        `// ${scenario}: ${manifest.kind} ${manifest.metadata.name}\nexport const manifest${index}: ${type} = ${JSON.stringify(manifest, null, 2)};`,
    );
    const file = join(cacheDir, 'rendered-manifests.mts');
    writeFileSync(file, `${imports.join('\n')}\n\n${lines.join('\n\n')}\n`);
    try {
      execFileSync(
        join(repoRoot, 'node_modules', '.bin', 'tsc'),
        [
          '--noEmit',
          '--strict',
          '--skipLibCheck',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          file,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (error) {
      problems.push(
        `rendered manifests do not match the Kubernetes types (${file}):\n${String(error.stdout ?? error.message).trim()}`,
      );
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { problems, helmVersion } = checkChart(join(repoRoot, 'infra', 'helm', 'oncall'));
  if (problems.length > 0) fail('infra/helm/oncall', problems);
  console.log(
    `infra/helm/oncall: lint, ${scenarios.length} scenarios rendered by helm ${helmVersion} and valid against the Kubernetes schemas, ${refused.length} refused`,
  );
}
