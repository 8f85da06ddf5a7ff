/** What a plugin package provides; it names the plugin in errors. */
export type PluginKind = 'channel' | 'source';

/** The origin of the plugins the service ships, where errors name a package. */
export const BUILT_IN = 'built-in';

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
 * Where a plugin came from, as errors say it.
 *
 * @example describeOrigin('channel', 'built-in') // 'a built-in channel'
 * @example describeOrigin('source', '@acme/uptime') // 'package "@acme/uptime"'
 */
export function describeOrigin(kind: PluginKind, packageName: string): string {
  return packageName === BUILT_IN ? `a built-in ${kind}` : `package "${packageName}"`;
}
