import type { DeliveryTargetReader, PluginRegistry } from '@oncall/core';
import {
  type AnyChannelDefinition,
  type ChannelLogger,
  type Clock,
  type FetchLike,
  PermanentError,
} from '@oncall/plugin-sdk';
import type { ChannelSender } from '@oncall/workflows';
import type { HostFetches } from './host-fetches';
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
 */
export function createChannelSender(options: ChannelSenderOptions): ChannelSender {
  const { targets, channels } = options;
  const clock = options.clock ?? { now: () => new Date() };
  const logger = options.logger ?? silentLogger;
  const timeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;

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
        await instance.send(message, {
          idempotencyKey: request.idempotencyKey,
          destination: parsedDestination,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw toSendError(error);
      }
    },
  };
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
