/**
 * The dependency rules CI checks (`npm run check:deps`), on production sources (`src/`):
 * - no package imports a package on its own or a higher floor (floors below; a package's
 *   `package.json` dependencies must agree, npm keeps those honest only where they are declared);
 * - no two folders of `packages/core/src` import each other, directly or around a loop.
 * Vendor names outside the plugins are checked by `scripts/check-vendor-names.mjs`.
 */
const floors = [
  ['packages/plugin-sdk', 'packages/contracts', 'packages/config', 'packages/workflows'],
  [
    'packages/net-guard',
    'packages/bot-api-client',
    'packages/providerone-client',
    'packages/prometheus-client',
  ],
  ['packages/core', 'plugins/[^/]+'],
  // Capability modules: over the core, below the database that registers their tables.
  ['packages/heartbeats', 'packages/schedules', 'packages/zones'],
  ['packages/db', 'packages/source-probes', 'packages/built-ins', 'packages/fakes'],
  ['packages/testing', 'packages/engine', 'packages/rest', 'packages/trpc', 'packages/graphql'],
  ['apps/[^/]+', 'bench'],
];

const group = (paths) => `^(${paths.join('|')})/`;

const upwardRules = floors.slice(0, -1).map((_, floor) => ({
  name: `no-upward-arrow-from-floor-${floor}`,
  comment: `A package on floor ${floor} (${floors[floor].join(', ')}) imports one on its own floor or higher.`,
  severity: 'error',
  from: { path: `${group(floors[floor])}src/`, pathNot: '\\.test\\.ts$' },
  to: {
    path: `^(${floors.slice(floor).flat().join('|')})/`,
    // Within one package is not an arrow between packages.
    pathNot: '^$1/',
  },
}));

module.exports = {
  forbidden: [
    ...upwardRules,
    {
      name: 'no-two-way-folders-in-core',
      comment:
        'Two folders of packages/core/src import each other (directly or around a loop): merge them or inject the call.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/core/src/[^/]+' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(packages|plugins|apps|bench)/',
    exclude: { path: '(/test/|/dist/|/e2e/|\\.gen\\.ts$|/node_modules/)' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      conditionNames: ['development', 'types', 'import', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      mainFields: ['types', 'module', 'main'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
