import type { z } from 'zod';
import type { ChannelContext } from './context';
import type { LegacyEndpoint } from './legacy-endpoint';
import type { ChannelMessage } from './message';
import type { ChannelPacingLimit } from './pacing';

/**
 * Names of fields in a schema's shape; secret markers can only name real fields.
 *
 * @example type Secret = FieldOf<typeof configSchema>; // 'apiToken' | 'senderNumber' | 'baseUrl'
 */
export type FieldOf<Schema extends z.ZodObject> = Extract<keyof Schema['shape'], string>;

/**
 * Which delivery capacity the channel's sends use, so one slow kind of target never holds up
 * another: `page` for vendors that answer in seconds and must never wait (SMS, voice calls),
 * `email` for SMTP servers, `chat` for messengers and webhooks any member can point anywhere.
 *
 * @example 'page' // SMS and calls
 */
export type ChannelLane = 'page' | 'email' | 'chat';

/**
 * What the channel can do, so the host decides without knowing plugins by name.
 *
 * @example { otp: true, acknowledge: 'link', messengerProxy: false, lane: 'page' } // SMS
 */
export interface ChannelCapabilities {
  /** The channel can carry one-time codes that verify an endpoint (SMS, call, email). */
  readonly otp: boolean;
  /** How the acknowledge link appears: a button, a link in the text, or not at all (voice). */
  readonly acknowledge: 'button' | 'link' | 'none';
  /** Route this channel's traffic through the active messenger proxy (HTTP or SOCKS5) when one is active. */
  readonly messengerProxy: boolean;
  /** The delivery capacity its sends use; `chat` when absent. */
  readonly lane?: ChannelLane;
}

/**
 * A vendor a provider-backed channel sends through, as provider configs name it.
 *
 * - `name`: the provider a provider config stores (`POST /config/{kind}` with `provider`).
 * - `label`: what a config of this kind is called in answers and errors ("SMS config not found").
 * - `implied`: a config body may leave `provider` out and mean this one (the email contract never
 *   had the field). At most one provider of a kind may be implied; without one, `provider` is
 *   required.
 * - `legacyNames`: other names older clients send for this provider; a body naming one is read
 *   as `name`, which is what is stored and answered.
 * - `legacyFieldNames`: config fields older clients read under another name, by that name; the
 *   legacy REST face adds them to its answers beside the field itself (never in place of it).
 *
 * @example { name: 'providerOne', label: 'SMS config', legacyNames: ['kaveNegar'] }
 * @example { name: 'smtp', label: 'Email config', legacyFieldNames: { usrename: 'username' } }
 * @example { name: 'smtp', label: 'Email config', implied: true }
 */
export interface ChannelProvider {
  readonly name: string;
  readonly label: string;
  readonly implied?: boolean;
  readonly legacyNames?: readonly string[];
  readonly legacyFieldNames?: Readonly<Record<string, string>>;
}

/**
 * The endpoints a channel delivers to.
 *
 * - `endpointType`: the endpoint `type` users create (`POST /endpoint`), lowercase words joined by
 *   dashes. `flow` is the host's own and no channel may serve it.
 * - `endpointLabel`: what people call an endpoint of the type, as the web UI lists it ("SMS");
 *   absent, the channel's `displayName`. A provider-backed channel sets it, its `displayName`
 *   naming its vendor ("SMS (providerOne)"); the first loaded provider's is the type's.
 * - `provider`: present means provider-backed. The channel's config comes from the provider
 *   configs of kind = `endpointType` whose provider is `provider.name` (the default one, then the
 *   backup), and each endpoint only says where to (a phone number, an address). Absent means a
 *   direct channel: its config is the host's channel config, and each endpoint carries all it
 *   needs (a chat and its bot, a webhook URL).
 *
 * @example { endpointType: 'sms', endpointLabel: 'SMS', provider: { name: 'providerOne', label: 'SMS config' } }
 * @example { endpointType: 'matter-most' } // a direct channel whose endpoint type is not its id
 */
export interface ChannelServes {
  readonly endpointType: string;
  readonly endpointLabel?: string;
  readonly provider?: ChannelProvider;
}

/**
 * Per-send facts.
 *
 * `idempotencyKey` names one attempt of one delivery (alert event × endpoint × step × provider
 * config × attempt). The host sends the same key again only when it replays that very attempt
 * (a worker died mid-send, a job was delivered twice); a retry after a failure, or the fallback to
 * the backup config, gets a new key. Pass it to vendors that deduplicate, or derive a stable message
 * id from it, so a replayed attempt reaches the recipient once. Never show it to recipients.
 *
 * `destination` is the endpoint's parsed `destinationSchema` value: where this one message goes
 * (a phone number, a chat, a webhook URL), as opposed to the instance-wide provider config.
 *
 * @example await instance.send(message, { idempotencyKey: 'evt1:ep1:0:0', destination: { value: '+989120000000' } });
 */
export interface SendOptions<Destination> {
  readonly idempotencyKey: string;
  readonly destination: Destination;
  /** Aborted when the host gives up on this attempt (shutdown, timeout). */
  readonly signal?: AbortSignal;
}

/**
 * What the vendor said about an accepted send, kept in the delivery log.
 *
 * @example { providerMessageId: '8792343' }
 */
export interface SendResult {
  readonly providerMessageId?: string;
}

/**
 * A channel bound to one config. The host creates one per provider config (or per endpoint when
 * the channel has no provider config) and may reuse it for many sends, concurrently.
 *
 * `send` resolves when the vendor has accepted the message, and otherwise throws a
 * TransientError, PermanentError or RateLimitedError.
 *
 * @example
 * const instance = await telegram.create(telegram.configSchema.parse({}), ctx);
 * await instance.send(message, { idempotencyKey, destination: { chatId: '-100123', botToken } });
 */
export interface ChannelInstance<Destination = Record<string, unknown>> {
  send(message: ChannelMessage, options: SendOptions<Destination>): Promise<SendResult>;
  /** Checks credentials and reachability without sending anything; throws like `send`. */
  healthCheck?(): Promise<void>;
}

/**
 * A channel plugin: everything the host needs to validate, store and use it.
 *
 * - `id`: stable, lowercase, dash-separated; it names the channel in configs and endpoints.
 * - `configSchema`: the instance-wide provider config (API token, SMTP server, API base URL).
 *   The host parses with it before calling `create`.
 * - `destinationSchema`: what each endpoint stores; the host parses with it before each `send`.
 * - `secretFields` / `destinationSecretFields`: fields the host encrypts at rest and masks in API
 *   answers.
 * - `serves`: the endpoints it delivers to (see {@link ChannelServes}); when absent, a direct
 *   channel for endpoints whose type is its `id`.
 * - `configFields` / `secretBoundFields`: how provider configs of a provider-backed channel are
 *   written (see each).
 * - `pacing`: the vendor's rate limits per destination, which the host keeps to (see
 *   {@link ChannelPacingLimit}); absent, sends are not paced.
 *
 * @example see {@link defineChannel}
 */
export interface ChannelDefinition<
  Config extends z.ZodObject = z.ZodObject,
  Destination extends z.ZodObject = z.ZodObject,
> {
  readonly id: string;
  readonly displayName: string;
  readonly configSchema: Config;
  readonly secretFields: readonly FieldOf<Config>[];
  readonly destinationSchema: Destination;
  readonly destinationSecretFields: readonly FieldOf<Destination>[];
  readonly capabilities: ChannelCapabilities;
  readonly serves?: ChannelServes;
  /**
   * A provider-backed channel's provider config as clients write it (`POST /config/{kind}`), when
   * `configSchema` is not what the API should take: one zod schema per non-secret field of
   * `configSchema`, for legacy wire types (a port sent as a string), limits and the service's error
   * messages (see `wireFields`). Fields it leaves out are taken from `configSchema`, with their
   * defaults left to send time and `null` clearing the optional ones; the host owns the secret
   * fields (text, write-only, required on create when `configSchema` requires them). What a field
   * parses to must be what `configSchema` takes: the host stores it as text and types it back by
   * this schema (booleans, numbers, choices) before each send.
   *
   * @example z.object({ port: wireFields.requiredText('port', 5).regex(/^\d+$/, 'The port must be a number.') })
   */
  readonly configFields?: z.ZodObject;
  /**
   * The config fields that decide where the secret fields go, or how they are protected on the
   * way (a vendor base URL; an SMTP host, port or TLS mode). A provider config edit that changes
   * one must send the secrets again: whoever may edit the config but never saw a secret could
   * otherwise point it at a host of their own and receive it with the next send. Absent, every
   * field that is not secret binds them; `[]` says none does.
   *
   * @example ['baseUrl'] // the API token goes to the base URL; a new sender number sends it nowhere new
   */
  readonly secretBoundFields?: readonly FieldOf<Config>[];
  /**
   * The vendor's rate limits, each over the sends of equal key; the host waits before a send that
   * would exceed one, so sends are paced rather than refused with `429`.
   *
   * @example [{ per: 'webhook', count: 1, windowMs: 1_000, key: (_config, { value }) => value }]
   */
  readonly pacing?: readonly ChannelPacingLimit<z.output<Config>, z.output<Destination>>[];
  /** The wire and storage of an endpoint type older than channel plugins (see {@link LegacyEndpoint}). */
  readonly legacyEndpoint?: LegacyEndpoint;
  create(
    config: z.output<Config>,
    ctx: ChannelContext,
  ): ChannelInstance<z.output<Destination>> | Promise<ChannelInstance<z.output<Destination>>>;
}

/**
 * A channel definition with its schemas forgotten, as the host keeps them in a registry. Spelled
 * out rather than `ChannelDefinition<z.ZodObject, z.ZodObject>`: zod object types are invariant in
 * their shape, so only a structural type accepts every concrete definition.
 *
 * @example const registry = new Map<string, AnyChannelDefinition>([[telegram.id, telegram]]);
 */
export interface AnyChannelDefinition {
  readonly id: string;
  readonly displayName: string;
  readonly configSchema: z.ZodObject;
  readonly secretFields: readonly string[];
  readonly destinationSchema: z.ZodObject;
  readonly destinationSecretFields: readonly string[];
  readonly capabilities: ChannelCapabilities;
  readonly serves?: ChannelServes;
  readonly configFields?: z.ZodObject;
  readonly secretBoundFields?: readonly string[];
  readonly pacing?: readonly ChannelPacingLimit[];
  readonly legacyEndpoint?: LegacyEndpoint;
  create(config: Record<string, unknown>, ctx: ChannelContext): ChannelInstance | Promise<ChannelInstance>;
}

/**
 * Declares a channel plugin. It returns its argument unchanged; its purpose is type inference, so
 * that `create` sees the parsed config and `send` the parsed destination.
 *
 * @example
 * export default defineChannel({
 *   id: 'pager-hook',
 *   displayName: 'Pager hook',
 *   configSchema: z.object({ apiKey: z.string().min(1) }),
 *   secretFields: ['apiKey'],
 *   destinationSchema: z.object({ value: z.url() }),
 *   destinationSecretFields: [],
 *   capabilities: { otp: false, acknowledge: 'link', messengerProxy: false, lane: 'chat' },
 *   serves: { endpointType: 'pager-hook' },
 *   // The vendor takes one message a second per hook URL.
 *   pacing: [{ per: 'webhook', count: 1, windowMs: 1_000, key: (_config, { value }) => value }],
 *   create(config, ctx) {
 *     return {
 *       async send(message, { destination, signal }) {
 *         const response = await vendorFetch(ctx.fetch, destination.value, {
 *           method: 'POST',
 *           headers: { authorization: `Bearer ${config.apiKey}` },
 *           body: JSON.stringify({ text: toPlainText(message) }),
 *           signal,
 *         });
 *         if (!response.ok) throw classifyHttpStatus(response.status, response.headers.get('retry-after'));
 *         return {};
 *       },
 *     };
 *   },
 * });
 */
export function defineChannel<Config extends z.ZodObject, Destination extends z.ZodObject>(
  definition: ChannelDefinition<Config, Destination>,
): ChannelDefinition<Config, Destination> {
  return definition;
}
