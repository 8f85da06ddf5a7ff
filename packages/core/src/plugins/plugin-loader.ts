import {
  type AnyChannelDefinition,
  type AnySourceDefinition,
  checkChannelDefinition,
  checkSourceDefinition,
} from '@oncall/plugin-sdk';
import { type PluginKind, PluginLoadError } from './plugin-load-error';
import {
  createPluginRegistry,
  type PackagedPlugin,
  type PluginDefinitions,
  type PluginRegistry,
} from './plugin-registry';

/**
 * Imports a module by package name; the host's default is the runtime's `import()`.
 *
 * @example const importer: ModuleImporter = (name) => import(name);
 */
export type ModuleImporter = (packageName: string) => Promise<unknown>;

const runtimeImport: ModuleImporter = (packageName) => import(packageName);

interface PluginSpec<Definition> {
  readonly kind: PluginKind;
  readonly check: (
    value: unknown,
  ) =>
    | { readonly ok: true; readonly definition: Definition }
    | { readonly ok: false; readonly reason: string };
}

const CHANNELS: PluginSpec<AnyChannelDefinition> = { kind: 'channel', check: checkChannelDefinition };
const SOURCES: PluginSpec<AnySourceDefinition> = { kind: 'source', check: checkSourceDefinition };

/**
 * The npm packages of extra plugins named in config (`CHANNEL_PLUGINS`, `SOURCE_PLUGINS`), whose
 * default exports must be made with `defineChannel` and `defineSource`.
 *
 * @example { channelPackages: ['@acme/oncall-channel-ntfy'], sourcePackages: ['@acme/oncall-source-uptime-kuma'] }
 */
export interface PluginPackages {
  readonly channelPackages?: readonly string[];
  readonly sourcePackages?: readonly string[];
}

export interface LoadPluginsOptions extends PluginPackages {
  /** The plugins the service ships; they come first in every catalog. */
  readonly builtIns: PluginDefinitions;
  /** The runtime's `import()` unless a test gives its own. */
  readonly importer?: ModuleImporter;
}

/**
 * Builds the plugin registry: the built-ins plus each package named in config, imported by name
 * (no directory is scanned). Fails with a `PluginLoadError` naming the first package that cannot be
 * imported, has no default export or is not a definition of its kind; and then as
 * `createPluginRegistry` does when the plugins do not fit together (an id or type taken twice, a
 * type the host owns).
 *
 * @example
 * const plugins = await loadPlugins({ builtIns: BUILT_IN_PLUGINS, channelPackages: ['@acme/oncall-channel-pager'] });
 * plugins.channels.get('pager')?.create(config, ctx);
 */
export async function loadPlugins(options: LoadPluginsOptions): Promise<PluginRegistry> {
  const { builtIns, channelPackages = [], sourcePackages = [], importer = runtimeImport } = options;
  const channels = await importDefinitions(CHANNELS, channelPackages, importer);
  const sources = await importDefinitions(SOURCES, sourcePackages, importer);
  return createPluginRegistry(builtIns, { channels, sources });
}

async function importDefinitions<Definition>(
  spec: PluginSpec<Definition>,
  packageNames: readonly string[],
  importer: ModuleImporter,
): Promise<PackagedPlugin<Definition>[]> {
  const loaded: PackagedPlugin<Definition>[] = [];
  for (const packageName of packageNames) {
    loaded.push({ packageName, definition: await importDefinition(spec, packageName, importer) });
  }
  return loaded;
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
