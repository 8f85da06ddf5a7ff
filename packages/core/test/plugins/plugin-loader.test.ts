import {
  type AnyChannelDefinition,
  type AnySourceDefinition,
  defineChannel,
  defineSource,
  z,
} from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { PluginLoadError } from '../../src/plugins/plugin-load-error';
import { loadPlugins, type ModuleImporter } from '../../src/plugins/plugin-loader';

// The channels and the sources of the registry `loadPlugins` builds, each kind loaded on its own.
const loadChannelPlugins = async (
  channels: AnyChannelDefinition[],
  channelPackages: string[],
  importer?: ModuleImporter,
) => (await loadPlugins({ builtIns: { channels, sources: [] }, channelPackages, importer })).channels;
const loadSourcePlugins = async (
  sources: AnySourceDefinition[],
  sourcePackages: string[],
  importer?: ModuleImporter,
) => (await loadPlugins({ builtIns: { channels: [], sources }, sourcePackages, importer })).sources;

const channel = (id: string) =>
  defineChannel({
    id,
    displayName: id,
    configSchema: z.object({ token: z.string() }),
    secretFields: ['token'],
    destinationSchema: z.object({ value: z.string() }),
    destinationSecretFields: [],
    capabilities: { otp: false, acknowledge: 'link', messengerProxy: false },
    create: () => ({ send: async () => ({}) }),
  });

const source = (id: string, dataSourceType: string) =>
  defineSource({
    id,
    displayName: id,
    dataSourceType,
    capabilities: { webhook: true, resolves: false },
    payloadSchema: z.object({ name: z.string() }),
    normalize: (payload) => [
      { name: payload.name, status: 'firing', labels: {}, annotations: {}, details: {} },
    ],
    fixtures: [],
  });

const modules: Record<string, unknown> = {
  '@acme/channel-pager': { default: channel('pager') },
  '@acme/channel-telegram-clone': { default: channel('telegram') },
  '@acme/no-default': { pager: channel('pager') },
  '@acme/not-a-channel': { default: { id: 'Bad Id', displayName: '', create: 'nope' } },
  '@acme/ghost-secret': { default: { ...channel('ghost'), secretFields: ['password'] } },
  '@acme/source-uptime': { default: source('uptime-kuma', 'uptime_kuma') },
  '@acme/source-grafana-clone': { default: source('grafana-clone', 'grafana') },
  '@acme/source-zabbix-clone': { default: source('zabbix', 'zabbix_clone') },
};

const importer = async (name: string) => {
  if (!(name in modules)) throw new Error(`Cannot find package '${name}'`);
  return modules[name];
};

const builtIns: AnyChannelDefinition[] = [channel('telegram'), channel('sms-providerone')];

const loadError = (packages: string[]) =>
  loadChannelPlugins(builtIns, packages, importer).then(
    () => expect.fail('expected loading to fail'),
    (error: unknown) => error,
  );

describe('loadPlugins: channel packages', () => {
  it('registers built-ins and the named packages by id', async () => {
    const registry = await loadChannelPlugins(builtIns, ['@acme/channel-pager'], importer);
    expect([...registry.keys()]).toEqual(['telegram', 'sms-providerone', 'pager']);
    expect(registry.get('pager')?.displayName).toBe('pager');
  });

  it('imports packages with the runtime import by default', async () => {
    // A real package of this workspace that is not a plugin: proves the default importer resolved it.
    const outcome = await loadChannelPlugins([], ['@oncall/plugin-sdk/testing']).then(
      () => 'loaded',
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(PluginLoadError);
    expect(String(outcome)).toContain('"@oncall/plugin-sdk/testing": has no default export');
  });

  it('names the package that cannot be imported', async () => {
    const error = await loadError(['@acme/missing']);
    expect(error).toBeInstanceOf(PluginLoadError);
    expect(error).toMatchObject({ packageName: '@acme/missing' });
    expect(String(error)).toContain(
      `"@acme/missing": could not be imported: Cannot find package '@acme/missing'`,
    );
  });

  it('rejects a package without a default export', async () => {
    expect(String(await loadError(['@acme/no-default']))).toContain(
      '"@acme/no-default": has no default export',
    );
  });

  it('rejects a default export that is not a channel definition, saying what is wrong', async () => {
    const message = String(await loadError(['@acme/not-a-channel']));
    expect(message).toContain('"@acme/not-a-channel": default export is not a channel definition');
    expect(message).toContain('id');
    expect(message).toContain('configSchema');
    expect(message).toContain('create');
  });

  it('rejects secret fields the schema does not have', async () => {
    expect(String(await loadError(['@acme/ghost-secret']))).toContain(
      'names "password", which the schema lacks',
    );
  });

  it('rejects an id already provided by a built-in channel', async () => {
    const error = await loadError(['@acme/channel-telegram-clone']);
    expect(String(error)).toContain(
      'Channel plugin "@acme/channel-telegram-clone": channel id "telegram" is already provided by a built-in channel',
    );
  });

  it('rejects the same id from two packages, naming both', async () => {
    const error = await loadError(['@acme/channel-pager', '@acme/channel-pager']);
    expect(String(error)).toContain(
      'channel id "pager" is already provided by package "@acme/channel-pager"',
    );
  });

  it('rejects duplicate built-ins', async () => {
    await expect(loadChannelPlugins([channel('x'), channel('x')], [], importer)).rejects.toThrow(
      'Channel plugin "built-in": channel id "x" is already provided by a built-in channel',
    );
  });
});

const builtInSources: AnySourceDefinition[] = [source('grafana', 'grafana'), source('zabbix', 'zabbix')];

const sourceLoadError = (packages: string[]) =>
  loadSourcePlugins(builtInSources, packages, importer).then(
    () => expect.fail('expected loading to fail'),
    (error: unknown) => error,
  );

describe('loadPlugins: source packages', () => {
  it('registers built-ins and the named packages by data source type', async () => {
    const registry = await loadSourcePlugins(builtInSources, ['@acme/source-uptime'], importer);
    expect([...registry.keys()]).toEqual(['grafana', 'zabbix', 'uptime_kuma']);
    expect(registry.get('uptime_kuma')?.id).toBe('uptime-kuma');
  });

  it('rejects a default export that is not a source definition, saying what is wrong', async () => {
    const error = await sourceLoadError(['@acme/channel-pager']);
    expect(error).toBeInstanceOf(PluginLoadError);
    expect(error).toMatchObject({ kind: 'source', packageName: '@acme/channel-pager' });
    const message = String(error);
    expect(message).toContain(
      'Source plugin "@acme/channel-pager": default export is not a source definition',
    );
    expect(message).toContain('dataSourceType');
    expect(message).toContain('normalize');
  });

  it('names the package that cannot be imported or has no default export', async () => {
    expect(String(await sourceLoadError(['@acme/missing']))).toContain(
      `Source plugin "@acme/missing": could not be imported: Cannot find package '@acme/missing'`,
    );
    expect(String(await sourceLoadError(['@acme/no-default']))).toContain(
      'Source plugin "@acme/no-default": has no default export',
    );
  });

  it('rejects a second source for a data source type', async () => {
    expect(String(await sourceLoadError(['@acme/source-grafana-clone']))).toContain(
      'Source plugin "@acme/source-grafana-clone": data source type "grafana" is already provided by a built-in source',
    );
  });

  it('rejects a source id already taken, even for another type', async () => {
    expect(String(await sourceLoadError(['@acme/source-zabbix-clone']))).toContain(
      'Source plugin "@acme/source-zabbix-clone": source id "zabbix" is already provided by a built-in source',
    );
  });

  it('rejects the same source from two packages, naming both', async () => {
    expect(String(await sourceLoadError(['@acme/source-uptime', '@acme/source-uptime']))).toContain(
      'Source plugin "@acme/source-uptime": data source type "uptime_kuma" is already provided by package "@acme/source-uptime"',
    );
  });
});

describe('loadPlugins: both kinds', () => {
  it('builds one registry from the built-ins and the channel and source packages', async () => {
    const plugins = await loadPlugins({
      builtIns: { channels: builtIns, sources: builtInSources },
      channelPackages: ['@acme/channel-pager'],
      sourcePackages: ['@acme/source-uptime'],
      importer,
    });
    expect(plugins.endpointTypes).toEqual(['telegram', 'sms-providerone', 'pager', 'flow']);
    expect(plugins.ruleTypes).toEqual(['api', 'notification', 'grafana', 'zabbix', 'uptime_kuma']);
  });
});
