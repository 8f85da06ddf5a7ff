import type { AnyChannelDefinition, AnySourceDefinition, ChannelLane } from '@oncall/plugin-sdk';
import { endpointFieldsProblem } from './channel-endpoint-fields';
import { BUILT_IN, describeOrigin, type PluginKind, PluginLoadError } from './plugin-load-error';

/** The endpoint types the host serves itself: a flow endpoint has steps, not a channel. */
export const HOST_ENDPOINT_TYPES = ['flow'] as const;

/** The rule types the host serves itself: alerts posted to the API, and notification rules. */
export const HOST_RULE_TYPES = ['api', 'notification'] as const;

// One set for both namespaces: an endpoint type and a rule type may share a name only when a plugin
// owns it, so `flow` can never become a data source type either.
const HOST_OWNED: ReadonlySet<string> = new Set([...HOST_ENDPOINT_TYPES, ...HOST_RULE_TYPES]);

/** The lane of a channel that does not say. */
const DEFAULT_LANE: ChannelLane = 'chat';

/**
 * Plugin definitions by kind, in the order their types are listed (built-ins first).
 *
 * @example { channels: [smsProviderOne, telegram], sources: [prometheus, grafana] }
 */
export interface PluginDefinitions {
  readonly channels: readonly AnyChannelDefinition[];
  readonly sources: readonly AnySourceDefinition[];
}

/**
 * A plugin loaded from an npm package named in config; errors name `packageName`.
 *
 * @example { packageName: '@acme/oncall-channel-ntfy', definition: ntfy }
 */
export interface PackagedPlugin<Definition> {
  readonly packageName: string;
  readonly definition: Definition;
}

/** The plugins of `CHANNEL_PLUGINS` and `SOURCE_PLUGINS`, in the order config names them. */
export interface PackagedPlugins {
  readonly channels: readonly PackagedPlugin<AnyChannelDefinition>[];
  readonly sources: readonly PackagedPlugin<AnySourceDefinition>[];
}

/**
 * Every loaded plugin and what the host derives from them, built once at start and shared by the
 * core and the engine. Lists keep load order: built-ins in the order of their list, then the
 * packages in the order config names them; error texts that list types use this order.
 *
 * @example
 * const plugins = createPluginRegistry({ channels: [smsProviderOne, telegram], sources: [grafana] });
 * plugins.endpointTypes; // ['sms', 'telegram', 'flow']
 * plugins.ruleTypes; // ['api', 'notification', 'grafana']
 */
export interface PluginRegistry {
  /** Channel plugins by channel id; the engine's channel registry. */
  readonly channels: ReadonlyMap<string, AnyChannelDefinition>;
  /** Source plugins by the data-source type they serve (`grafana`), which keys webhooks and rules. */
  readonly sources: ReadonlyMap<string, AnySourceDefinition>;
  /**
   * The endpoint types users may create: each channel's `serves.endpointType` (its id when it has
   * no `serves`), once per type, then the host's `flow`.
   */
  readonly endpointTypes: readonly string[];
  /** Endpoint types whose channels carry one-time codes (`capabilities.otp`): they are verified by OTP. */
  readonly otpEndpointTypes: readonly string[];
  /**
   * Endpoint types whose channels are provider-backed (`serves.provider`): their config comes from
   * the provider configs of that kind. Also the provider-config kinds.
   */
  readonly providerKinds: readonly string[];
  /** The provider names a provider config of this kind may store (`providerOne`); `[]` for other kinds. */
  providerNames(kind: string): readonly string[];
  /**
   * The delivery lane of an endpoint type's sends (`capabilities.lane`, `chat` when the channel does
   * not say); undefined for `flow` and for types no channel serves.
   */
  laneOf(endpointType: string): ChannelLane | undefined;
  /** The channel a direct endpoint type (one without provider configs) sends through. */
  directChannelFor(endpointType: string): AnyChannelDefinition | undefined;
  /** The channel that sends for a provider config of this kind and provider name. */
  channelForProvider(kind: string, providerName: string): AnyChannelDefinition | undefined;
  /** Data-source types (each source's `dataSourceType`, but for sources without data sources). */
  readonly dataSourceTypes: readonly string[];
  /** Data-source types whose monitoring system pushes alerts (`capabilities.webhook`). */
  readonly webhookDataSourceTypes: readonly string[];
  /** Alert rule types: the host's `api` and `notification`, then every source's `dataSourceType`. */
  readonly ruleTypes: readonly string[];
  /** The source plugin of a data-source type. */
  sourceFor(dataSourceType: string): AnySourceDefinition | undefined;
}

/**
 * The endpoint type a channel serves: `serves.endpointType`, or its id when it has no `serves`.
 *
 * @example servedEndpointType(mattermost) // 'matter-most'
 */
export function servedEndpointType(channel: AnyChannelDefinition): string {
  return channel.serves?.endpointType ?? channel.id;
}

/**
 * Builds the registry from built-in definitions and those loaded from packages, checking that the
 * plugins fit together. Fails with a `PluginLoadError` naming the package (or `built-in`) when two
 * channels share an id, or serve one endpoint type directly, or one provider of a provider-backed
 * type, or both imply theirs; when the channels of one endpoint type disagree on being
 * provider-backed, on their lane or on carrying one-time codes; when a channel's destination cannot
 * make endpoints (a field every endpoint has, one-time codes without provider configs or a
 * `value`); when two sources share an id or a data-source type, or a source declares its own
 * `connection` fields; and when a plugin claims a type the host owns (`flow`, `api`,
 * `notification`).
 *
 * @example
 * const plugins = createPluginRegistry(BUILT_IN_PLUGINS, { channels: [{ packageName: '@acme/ntfy', definition: ntfy }], sources: [] });
 */
export function createPluginRegistry(
  builtIns: PluginDefinitions,
  packaged: PackagedPlugins = { channels: [], sources: [] },
): PluginRegistry {
  const fromBuiltIns = <Definition>(definitions: readonly Definition[]) =>
    definitions.map((definition) => ({ packageName: BUILT_IN, definition }));
  const channels = catalogChannels([...fromBuiltIns(builtIns.channels), ...packaged.channels]);
  const sources = catalogSources([...fromBuiltIns(builtIns.sources), ...packaged.sources]);
  // Rule types whose rules connect to nothing (heartbeats) are no data-source types.
  const ruleSourceTypes = [...sources.keys()];
  const dataSourceTypes = ruleSourceTypes.filter(
    (type) => sources.get(type)?.capabilities.dataSources !== false,
  );
  return {
    channels: channels.byId,
    sources,
    endpointTypes: [...channels.byType.keys(), ...HOST_ENDPOINT_TYPES],
    otpEndpointTypes: typesWhere(channels.byType, (served) => served.otp),
    providerKinds: typesWhere(channels.byType, (served) => served.providerBacked),
    providerNames: (kind) => [...(channels.byType.get(kind)?.providers.keys() ?? [])],
    laneOf: (endpointType) => channels.byType.get(endpointType)?.lane,
    directChannelFor: (endpointType) => channels.byType.get(endpointType)?.direct?.definition,
    channelForProvider: (kind, providerName) =>
      channels.byType.get(kind)?.providers.get(providerName)?.definition,
    dataSourceTypes,
    webhookDataSourceTypes: dataSourceTypes.filter((type) => sources.get(type)?.capabilities.webhook),
    ruleTypes: [...HOST_RULE_TYPES, ...ruleSourceTypes],
    sourceFor: (dataSourceType) => sources.get(dataSourceType),
  };
}

type LoadedChannel = PackagedPlugin<AnyChannelDefinition>;

/** What the channels serving one endpoint type must agree on, and who serves it. */
interface ServedType {
  readonly providerBacked: boolean;
  readonly lane: ChannelLane;
  readonly otp: boolean;
  /** The channel that decided the above: the first one loaded for the type. */
  readonly first: LoadedChannel;
  direct?: LoadedChannel;
  readonly providers: Map<string, LoadedChannel>;
  /** The channel whose provider a config body may leave out (`serves.provider.implied`). */
  implied?: LoadedChannel;
}

function catalogChannels(loaded: readonly LoadedChannel[]) {
  const ids = new UniqueNames('channel');
  const byId = new Map<string, AnyChannelDefinition>();
  const byType = new Map<string, ServedType>();
  for (const channel of loaded) {
    const { packageName, definition } = channel;
    ids.claim(packageName, 'channel id', definition.id);
    byId.set(definition.id, definition);
    const type = servedEndpointType(definition);
    refuseHostOwned('channel', packageName, 'endpoint type', type);
    const problem = endpointFieldsProblem(definition);
    if (problem !== undefined) throw new PluginLoadError('channel', packageName, problem);
    const provider = definition.serves?.provider;
    const lane = definition.capabilities.lane ?? DEFAULT_LANE;
    const served = byType.get(type) ?? {
      providerBacked: provider !== undefined,
      lane,
      otp: definition.capabilities.otp,
      first: channel,
      providers: new Map<string, LoadedChannel>(),
    };
    byType.set(type, served);
    const fail = (message: string) => new PluginLoadError('channel', packageName, message);
    if (served.providerBacked !== (provider !== undefined)) {
      throw fail(
        `endpoint type "${type}" is ${served.providerBacked ? 'provider-backed' : 'direct'} (served by ${describeChannel(served.first)}), so no channel may serve it ${served.providerBacked ? 'directly' : 'through provider configs'}`,
      );
    }
    if (provider === undefined) {
      if (served.direct !== undefined) {
        throw fail(`endpoint type "${type}" is already served by ${describeChannel(served.direct)}`);
      }
      served.direct = channel;
    } else {
      const owner = served.providers.get(provider.name);
      if (owner !== undefined) {
        throw fail(
          `endpoint type "${type}" with provider "${provider.name}" is already served by ${describeChannel(owner)}`,
        );
      }
      served.providers.set(provider.name, channel);
      if (provider.implied) {
        if (served.implied !== undefined) {
          throw fail(
            `endpoint type "${type}" already has an implied provider, "${served.implied.definition.serves?.provider?.name}" of ${describeChannel(served.implied)}; a config body without a provider can only mean one`,
          );
        }
        served.implied = channel;
      }
    }
    const disagreement = (what: string, mine: unknown, theirs: unknown) =>
      fail(
        `its ${what} is ${JSON.stringify(mine)}, but ${describeChannel(served.first)} serving endpoint type "${type}" has ${JSON.stringify(theirs)}; the channels of one endpoint type must agree`,
      );
    if (lane !== served.lane) throw disagreement('lane', lane, served.lane);
    if (definition.capabilities.otp !== served.otp) {
      throw disagreement('capabilities.otp', definition.capabilities.otp, served.otp);
    }
  }
  return { byId, byType };
}

function catalogSources(loaded: readonly PackagedPlugin<AnySourceDefinition>[]) {
  const names = new UniqueNames('source');
  const byType = new Map<string, AnySourceDefinition>();
  for (const { packageName, definition } of loaded) {
    refuseHostOwned('source', packageName, 'data source type', definition.dataSourceType);
    names.claim(packageName, 'data source type', definition.dataSourceType);
    names.claim(packageName, 'source id', definition.id);
    // A data source row has columns for these and nothing else: other fields would be dropped.
    if (definition.connection !== undefined) {
      throw new PluginLoadError(
        'source',
        packageName,
        'declares connection fields of its own, but data sources connect with url, username, apiToken and password only; leave `connection` out',
      );
    }
    byType.set(definition.dataSourceType, definition);
  }
  return byType;
}

function typesWhere(byType: ReadonlyMap<string, ServedType>, keep: (served: ServedType) => boolean) {
  return [...byType].filter(([, served]) => keep(served)).map(([type]) => type);
}

function refuseHostOwned(kind: PluginKind, packageName: string, label: string, type: string): void {
  if (HOST_OWNED.has(type)) {
    throw new PluginLoadError(
      kind,
      packageName,
      `${label} "${type}" is the host's own; no plugin may serve it`,
    );
  }
}

function describeChannel({ packageName, definition }: LoadedChannel): string {
  return packageName === BUILT_IN
    ? `the built-in channel "${definition.id}"`
    : `channel "${definition.id}" of package "${packageName}"`;
}

/** Names (a channel id, a data-source type) no two loaded plugins may share. */
class UniqueNames {
  private readonly owners = new Map<string, string>();

  constructor(private readonly kind: PluginKind) {}

  claim(packageName: string, label: string, value: string): void {
    const key = JSON.stringify([label, value]);
    const owner = this.owners.get(key);
    if (owner !== undefined) {
      throw new PluginLoadError(
        this.kind,
        packageName,
        `${label} "${value}" is already provided by ${describeOrigin(this.kind, owner)}`,
      );
    }
    this.owners.set(key, packageName);
  }
}
