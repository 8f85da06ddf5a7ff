import {
  type AnyChannelDefinition,
  type AnySourceDefinition,
  checkChannelDefinition,
  checkSourceDefinition,
} from '@oncall/plugin-sdk';

/** What a plugin package provides; it names the plugin in errors. */
export type PluginKind = 'channel' | 'source';

/**
 * Why a plugin could not be loaded; `packageName` is the name from config, or `built-in`.
 *
 * @example
 * // Channel plugin "@acme/pager": channel id "telegram" is already provided by a built-in channel
 * if (error instanceof PluginLoadError) logger.fatal(error.message);
 */
export class PluginLoadError extends Error {
  override readonly name: string = 'PluginLoadError';

  constructor(
    readonly kind: PluginKind,
    readonly packageName: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${kind === 'channel' ? 'Channel' : 'Source'} plugin "${packageName}": ${message}`, options);
  }
}

/**
 * Imports a module by package name; the host's default is the runtime's `import()`.
 *
 * @example const importer: ModuleImporter = (name) => import(name);
 */
export type ModuleImporter = (packageName: string) => Promise<unknown>;

const BUILT_IN = 'built-in';
const runtimeImport: ModuleImporter = (packageName) => import(packageName);

/** A name two loaded plugins may not share, such as a channel id. */
interface Identifier {
  readonly label: string;
  readonly value: string;
}

interface PluginSpec<Definition> {
  readonly kind: PluginKind;
  readonly check: (
    value: unknown,
  ) =>
    | { readonly ok: true; readonly definition: Definition }
    | { readonly ok: false; readonly reason: string };
  /** Every name that must be unique among loaded plugins; the first one keys the registry. */
  readonly identifiers: (definition: Definition) => readonly [Identifier, ...Identifier[]];
}

const CHANNELS: PluginSpec<AnyChannelDefinition> = {
  kind: 'channel',
  check: checkChannelDefinition,
  identifiers: (definition) => [{ label: 'channel id', value: definition.id }],
};

// Keyed by data source type: that is how webhooks and rules find their source.
const SOURCES: PluginSpec<AnySourceDefinition> = {
  kind: 'source',
  check: checkSourceDefinition,
  identifiers: (definition) => [
    { label: 'data source type', value: definition.dataSourceType },
    { label: 'source id', value: definition.id },
  ],
};

/**
 * Builds the channel registry: the built-in channels plus each npm package named in config
 * (`CHANNEL_PLUGINS=pkg-a,pkg-b`), whose default export must be made with `defineChannel`.
 * No directory is scanned. Fails on the first package that cannot be imported, is not a channel
 * definition, or reuses an id already taken, naming the package.
 *
 * @example
 * const channels = await loadChannelPlugins([telegram, smtpEmail], ['@acme/oncall-channel-pager']);
 * channels.get('pager')?.create(config, ctx);
 */
export function loadChannelPlugins(
  builtIns: readonly AnyChannelDefinition[],
  packageNames: readonly string[],
  importer: ModuleImporter = runtimeImport,
): Promise<ReadonlyMap<string, AnyChannelDefinition>> {
  return loadPlugins(CHANNELS, builtIns, packageNames, importer);
}

/**
 * Builds the source registry, keyed by data source type: the built-in sources plus each npm
 * package named in config, whose default export must be made with `defineSource`. Fails like
 * {@link loadChannelPlugins}, and also when two sources serve one data source type.
 *
 * @example
 * const sources = await loadSourcePlugins([grafana, zabbix], ['@acme/oncall-source-uptime-kuma']);
 * sources.get('uptime_kuma')?.normalize(payload);
 */
export function loadSourcePlugins(
  builtIns: readonly AnySourceDefinition[],
  packageNames: readonly string[],
  importer: ModuleImporter = runtimeImport,
): Promise<ReadonlyMap<string, AnySourceDefinition>> {
  return loadPlugins(SOURCES, builtIns, packageNames, importer);
}

async function loadPlugins<Definition>(
  spec: PluginSpec<Definition>,
  builtIns: readonly Definition[],
  packageNames: readonly string[],
  importer: ModuleImporter,
): Promise<ReadonlyMap<string, Definition>> {
  const registry = new Map<string, Definition>();
  const owners = new Map<string, string>();
  const register = (definition: Definition, origin: string) => {
    const identifiers = spec.identifiers(definition);
    const keyOf = ({ label, value }: Identifier) => JSON.stringify([label, value]);
    for (const identifier of identifiers) {
      const owner = owners.get(keyOf(identifier));
      if (owner !== undefined) {
        throw new PluginLoadError(
          spec.kind,
          origin,
          `${identifier.label} "${identifier.value}" is already provided by ${describe(spec.kind, owner)}`,
        );
      }
    }
    for (const identifier of identifiers) owners.set(keyOf(identifier), origin);
    registry.set(identifiers[0].value, definition);
  };
  for (const definition of builtIns) register(definition, BUILT_IN);
  for (const packageName of packageNames) {
    register(await importDefinition(spec, packageName, importer), packageName);
  }
  return registry;
}

async function importDefinition<Definition>(
  spec: PluginSpec<Definition>,
  packageName: string,
  importer: ModuleImporter,
): Promise<Definition> {
  let module: unknown;
  try {
    module = await importer(packageName);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PluginLoadError(spec.kind, packageName, `could not be imported: ${reason}`, { cause: error });
  }
  const exported =
    typeof module === 'object' && module !== null && 'default' in module ? module.default : undefined;
  if (exported === undefined) throw new PluginLoadError(spec.kind, packageName, 'has no default export');
  const checked = spec.check(exported);
  if (!checked.ok) {
    throw new PluginLoadError(
      spec.kind,
      packageName,
      `default export is not a ${spec.kind} definition:\n${checked.reason}`,
    );
  }
  return checked.definition;
}

function describe(kind: PluginKind, origin: string): string {
  return origin === BUILT_IN ? `a built-in ${kind}` : `package "${origin}"`;
}
