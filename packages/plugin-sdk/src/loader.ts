import type { AnyChannelDefinition } from './channel';
import { checkChannelDefinition } from './definition-shape';

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
    readonly packageName: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`Channel plugin "${packageName}": ${message}`, options);
  }
}

/**
 * Imports a module by package name; the host's default is the runtime's `import()`.
 *
 * @example const importer: ModuleImporter = (name) => import(name);
 */
export type ModuleImporter = (packageName: string) => Promise<unknown>;

const BUILT_IN = 'built-in';

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
export async function loadChannelPlugins(
  builtIns: readonly AnyChannelDefinition[],
  packageNames: readonly string[],
  importer: ModuleImporter = (packageName) => import(packageName),
): Promise<ReadonlyMap<string, AnyChannelDefinition>> {
  const registry = new Map<string, { definition: AnyChannelDefinition; origin: string }>();
  const register = (definition: AnyChannelDefinition, origin: string) => {
    const taken = registry.get(definition.id);
    if (taken) {
      throw new PluginLoadError(
        origin,
        `channel id "${definition.id}" is already provided by ${describe(taken.origin)}`,
      );
    }
    registry.set(definition.id, { definition, origin });
  };
  for (const definition of builtIns) register(definition, BUILT_IN);
  for (const packageName of packageNames)
    register(await importDefinition(packageName, importer), packageName);
  return new Map([...registry].map(([id, { definition }]) => [id, definition]));
}

async function importDefinition(
  packageName: string,
  importer: ModuleImporter,
): Promise<AnyChannelDefinition> {
  let module: unknown;
  try {
    module = await importer(packageName);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PluginLoadError(packageName, `could not be imported: ${reason}`, { cause: error });
  }
  const exported =
    typeof module === 'object' && module !== null && 'default' in module ? module.default : undefined;
  if (exported === undefined) throw new PluginLoadError(packageName, 'has no default export');
  const checked = checkChannelDefinition(exported);
  if (!checked.ok) {
    throw new PluginLoadError(packageName, `default export is not a channel definition:\n${checked.reason}`);
  }
  return checked.definition;
}

function describe(origin: string): string {
  return origin === BUILT_IN ? 'a built-in channel' : `package "${origin}"`;
}
