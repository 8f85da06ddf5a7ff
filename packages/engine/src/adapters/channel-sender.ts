import { setTimeout as delay } from 'node:timers/promises';
import type { DeliveryTargetReader, PluginRegistry } from '@oncall/core';
import {
  type AnyChannelDefinition,
  type ChannelLogger,
  type Clock,
  type FetchLike,
  PermanentError,
} from '@oncall/plugin-sdk';
import { type ChannelSender, SendDeferred } from '@oncall/workflows';
import type { HostFetches } from './host-fetches';
import { type PaceLimit, SendPacer } from './send-pacer';
import { toSendError } from './to-send-error';

export interface ChannelSenderOptions {
  /** What a send reads from the database; the core's `createDeliveryTargets`. */
  readonly targets: DeliveryTargetReader;
  /** Channel plugins by id: the plugin registry's `channels`. */
  readonly channels: PluginRegistry['channels'];
  readonly fetches: HostFetches;
  /** One attempt's upper bound; the channel's request is aborted after it. Default 20 s. */
  readonly attemptTimeoutMs?: number;
  readonly logger?: ChannelLogger;
  readonly clock?: Clock;
}

const DEFAULT_ATTEMPT_TIMEOUT_MS = 20_000;
/**
 * The longest pacing wait a send spends in place, holding its lane slot: about one send a second
 * per chat keeps flowing without a queue hop, while a longer queue is deferred and frees the slot.
 */
const PACING_HOLD_MS = 1_000;
/**
 * The longest `429` Retry-After a paced channel's send waits out as a deferral (no attempt); a
 * longer one (a spent quota) is the delivery decider's, which moves to a backup or caps the wait.
 */
const MAX_DEFERRED_RETRY_AFTER_MS = 60_000;

const silentLogger: ChannelLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The ChannelSender port over the channel plugins. The DeliveryTargetReader port resolves the
 * notification when it is sent (channel, config, destination, message); the channel's plugin
 * parses the config and destination and sends. Messengers talk to their service through the active
 * messenger proxy when one is set. Every failure is thrown as a SendError of the decider's kinds.
 * Sends keep to the limits their channel declares (`pacing`, `SendPacer`); one that must wait longer
 * than a second, or that the vendor refused with a `429` of up to a minute, is thrown as
 * `SendDeferred`: no attempt, the driver sends it again after the wait under the same key.
 */
export function createChannelSender(options: ChannelSenderOptions): ChannelSender {
  const { targets, channels } = options;
  const clock = options.clock ?? { now: () => new Date() };
  const logger = options.logger ?? silentLogger;
  const timeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;
  // The channels' declared limits, kept by every lane of the process: a process builds one sender.
  const pacer = new SendPacer(() => performance.now(), PACING_HOLD_MS);

  const channelById = (id: string): AnyChannelDefinition => {
    const channel = channels.get(id);
    if (!channel) throw new PermanentError(`No channel plugin "${id}" is loaded`);
    return channel;
  };

  const fetchFor = async (channel: AnyChannelDefinition): Promise<FetchLike> =>
    channel.capabilities.messengerProxy
      ? options.fetches.through(await targets.activeProxy())
      : options.fetches.direct;

  return {
    async send(request) {
      try {
        const lookup = await targets.resolve(request);
        if (lookup.kind === 'unsendable') throw new PermanentError(lookup.reason);
        const { channelId, config: rawConfig, destination, message } = lookup.target;
        const channel = channelById(channelId);
        const config = parseOrRefuse(channel.configSchema, rawConfig, `the ${channel.id} config`);
        const parsedDestination = parseOrRefuse(
          channel.destinationSchema,
          destination,
          `the ${channel.id} destination`,
        );
        const instance = await channel.create(config, { fetch: await fetchFor(channel), logger, clock });
        const limits = paceLimitsOf(channel, config, parsedDestination);
        const pace = pacer.reserve(request.idempotencyKey, limits);
        if (!pace.granted) {
          throw new SendDeferred(pace.waitMs, `Paced: the ${channel.id} ${pace.per} limit`);
        }
        if (pace.waitMs > 0) {
          await delay(pace.waitMs);
          // A 429 answered to another send of these keys while this one waited holds it too.
          const blockedMs = pacer.blockedMs(limits);
          if (blockedMs > 0) throw new SendDeferred(blockedMs, `Paced: the ${channel.id} vendor's 429`);
        }
        try {
          await instance.send(message, {
            idempotencyKey: request.idempotencyKey,
            destination: parsedDestination,
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (error) {
          const failure = toSendError(error);
          const retryAfterMs = failure.retryAfterMs;
          // Refused, so not sent: every send of these keys waits the vendor out, this one included,
          // and goes again under the same idempotency key.
          if (
            failure.kind === 'rateLimited' &&
            limits.length > 0 &&
            retryAfterMs !== undefined &&
            retryAfterMs <= MAX_DEFERRED_RETRY_AFTER_MS
          ) {
            pacer.block(limits, retryAfterMs);
            logger.warn(`${channel.id} answered 429: its sends wait ${retryAfterMs} ms`);
            throw new SendDeferred(retryAfterMs, `${channel.id} answered 429: ${failure.message}`);
          }
          throw failure;
        }
      } catch (error) {
        if (error instanceof SendDeferred) throw error;
        throw toSendError(error);
      }
    },
  };
}

// Keys from several limits or channels never meet: each is prefixed by its channel and limit.
function paceLimitsOf(
  channel: AnyChannelDefinition,
  config: Record<string, unknown>,
  destination: Record<string, unknown>,
): PaceLimit[] {
  const limits: PaceLimit[] = [];
  for (const { per, count, windowMs, key } of channel.pacing ?? []) {
    const value = key(config, destination);
    if (value !== null) limits.push({ per, count, windowMs, key: `${channel.id}\n${per}\n${value}` });
  }
  return limits;
}

interface ObjectSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Record<string, unknown> }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

// A config or destination the plugin refuses will be refused on every retry too. Issue messages name
// fields, never their values, so no secret reaches the delivery log.
function parseOrRefuse(schema: ObjectSchema, value: unknown, what: string): Record<string, unknown> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  );
  throw new PermanentError(`Invalid ${what}: ${problems.join('; ')}`);
}
