/**
 * The host's per-type tables from before the plugin registry replaced them, kept as the expected
 * answers of the compatibility tests: reading the registry instead must route as they did.
 */
const DIRECT_CHANNELS: Readonly<Record<string, string>> = {
  telegram: 'telegram',
  bale: 'bale',
  teams: 'teams',
  'matter-most': 'mattermost',
};

/** The channel an endpoint type without provider configs talked to directly. */
export function directChannelId(type: string): string | undefined {
  return DIRECT_CHANNELS[type];
}
