/**
 * The fetch a channel must use for every HTTP call. The host routes it through the messenger proxy
 * when the channel asks for one and through the SSRF guard otherwise, so a plugin that calls the
 * global fetch bypasses both.
 *
 * @example const response = await ctx.fetch(url, { method: 'POST', body, signal });
 */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Structured log lines, tagged by the host with the channel id and the delivery.
 * Never pass secrets (tokens, passwords) in `fields`.
 *
 * @example ctx.logger.warn('vendor answered without a message id', { status: 200 });
 */
export interface ChannelLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * The host's time source; tests substitute a fixed one.
 *
 * @example const retryAt = ctx.clock.now().getTime() + 5_000;
 */
export interface Clock {
  now(): Date;
}

/**
 * What the host hands to `create`.
 *
 * @example create(config, ctx) { return { send: (m, o) => post(ctx.fetch, config, m, o) } }
 */
export interface ChannelContext {
  readonly fetch: FetchLike;
  readonly logger: ChannelLogger;
  readonly clock: Clock;
}
