import type { MikroORM } from '@mikro-orm/postgresql';
import {
  activeMessengerProxy,
  createLoadingCache,
  isId,
  loadProviderSettings,
  otpMessage,
  type PluginRegistry,
  queryRows,
  type SecretBox,
} from '@oncall/core';
import {
  type AnyChannelDefinition,
  type ChannelLogger,
  type ChannelMessage,
  type Clock,
  type FetchLike,
  PermanentError,
} from '@oncall/plugin-sdk';
import { type ChannelSender, DIRECT_PROVIDER, type SendRequest } from '@oncall/workflows';
import type { AlertMessageSource } from '../ports/alert-message-source';
import { directChannelId, type EndpointRow, endpointDestination } from './endpoint-destination';
import type { HostFetches } from './host-fetches';
import { providerTarget } from './provider-target';
import { toSendError } from './to-send-error';

export interface ChannelSenderOptions {
  readonly orm: MikroORM;
  readonly box: SecretBox;
  /** Channel plugins by id: the plugin registry's `channels`. */
  readonly channels: PluginRegistry['channels'];
  readonly fetches: HostFetches;
  /** Renders alert notifications; the alert features provide it. */
  readonly alertMessages: AlertMessageSource;
  /**
   * Instance-wide configs of the channels that have no provider config, by channel id, e.g.
   * `{ telegram: { apiBase: 'http://bot-api.internal' } }` for a local Bot API server.
   */
  readonly channelConfigs?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** One attempt's upper bound; the channel's request is aborted after it. Default 20 s. */
  readonly attemptTimeoutMs?: number;
  /** How long a provider config, once read and decrypted, is reused for sends. Default 2 s; 0 disables. */
  readonly providerConfigTtlMs?: number;
  /**
   * How long an endpoint's destination, once read, is reused for sends: an edit reaches pages within
   * it. Default 2 s; 0 disables.
   */
  readonly endpointTtlMs?: number;
  readonly logger?: ChannelLogger;
  readonly clock?: Clock;
}

/** Everything one send needs, resolved from the notification at send time. */
interface Resolved {
  readonly channel: AnyChannelDefinition;
  readonly rawConfig: Record<string, unknown>;
  readonly destination: Record<string, unknown>;
  readonly message: ChannelMessage;
}

const DEFAULT_ATTEMPT_TIMEOUT_MS = 20_000;
const DEFAULT_PROVIDER_CONFIG_TTL_MS = 2_000;
const DEFAULT_ENDPOINT_TTL_MS = 2_000;

const silentLogger: ChannelLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The ChannelSender port over the database and the channel plugins. A notification is resolved
 * when it is sent, so codes, bot tokens and message text never sit in job payloads: an OTP is read
 * and its code decrypted, an alert notification's endpoint read and its message rendered by the
 * AlertMessageSource. The provider config of the attempt (secrets decrypted) picks the plugin;
 * messengers talk to their service directly, through the active messenger proxy when one is set.
 * Every failure is thrown as a SendError of the decider's kinds.
 */
export function createChannelSender(options: ChannelSenderOptions): ChannelSender {
  const { orm, box, channels } = options;
  const clock = options.clock ?? { now: () => new Date() };
  const logger = options.logger ?? silentLogger;
  const timeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS;

  const channelById = (id: string): AnyChannelDefinition => {
    const channel = channels.get(id);
    if (!channel) throw new PermanentError(`No channel plugin "${id}" is loaded`);
    return channel;
  };

  const loadTarget = createLoadingCache({
    load: async (providerConfigId) => {
      const settings = await loadProviderSettings(orm.em.fork(), box, providerConfigId);
      return settings ? providerTarget(settings) : null;
    },
    ttlMs: options.providerConfigTtlMs ?? DEFAULT_PROVIDER_CONFIG_TTL_MS,
    now: () => performance.now(),
  });

  const loadEndpoint = createLoadingCache({
    load: async (endpointId) => {
      if (!isId(endpointId)) return null;
      const [endpoint] = await queryRows<EndpointRow>(
        orm.em.fork(),
        'select type, value, sealed_value, thread_id, sealed_bot_token from endpoints where id = ?',
        [endpointId],
      );
      return endpoint ?? null;
    },
    ttlMs: options.endpointTtlMs ?? DEFAULT_ENDPOINT_TTL_MS,
    now: () => performance.now(),
  });

  const providerChannel = async (providerConfigId: string) => {
    const target = await loadTarget(providerConfigId);
    if (!target) throw new PermanentError(`Provider config ${providerConfigId} no longer exists`);
    return { channel: channelById(target.channelId), rawConfig: target.config };
  };

  // Every send reads these, so they are plain rows rather than hydrated entities.
  const resolve = async ({ notification, providerConfigId }: SendRequest): Promise<Resolved> => {
    const em = orm.em.fork();
    if (notification.kind === 'otp') {
      const [otp] = isId(notification.otpId)
        ? await queryRows<{ destination: string; sealed_code: string }>(
            em,
            'select destination, sealed_code from otp_codes where id = ?',
            [notification.otpId],
          )
        : [];
      if (!otp) throw new PermanentError(`OTP ${notification.otpId} no longer exists`);
      return {
        ...(await providerChannel(providerConfigId)),
        destination: { value: otp.destination },
        message: otpMessage(box.decrypt(otp.sealed_code)),
      };
    }
    const { alertEventId, endpointId } = notification;
    const endpoint = await loadEndpoint(endpointId);
    if (!endpoint) throw new PermanentError(`Endpoint ${endpointId} no longer exists`);
    const message = await options.alertMessages.messageFor({ alertEventId, endpointId });
    if (!message) throw new PermanentError(`Alert event ${alertEventId} no longer exists`);
    const destination = endpointDestination(endpoint, box);
    if (providerConfigId !== DIRECT_PROVIDER) {
      return { ...(await providerChannel(providerConfigId)), destination, message };
    }
    const channelId = directChannelId(endpoint.type);
    if (channelId === undefined)
      throw new PermanentError(`A ${endpoint.type} endpoint has no direct channel`);
    return {
      channel: channelById(channelId),
      rawConfig: { ...options.channelConfigs?.[channelId] },
      destination,
      message,
    };
  };

  const fetchFor = async (channel: AnyChannelDefinition): Promise<FetchLike> =>
    channel.capabilities.messengerProxy
      ? options.fetches.through(await activeMessengerProxy(orm.em.fork(), box))
      : options.fetches.direct;

  return {
    async send(request) {
      try {
        const { channel, rawConfig, destination, message } = await resolve(request);
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
