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

/** The endpoint types of the built-in channels and the host's `flow`, in the order error texts listed them. */
export const ENDPOINT_TYPES = [
  'sms',
  'call',
  'email',
  'telegram',
  'bale',
  'teams',
  'matter-most',
  'flow',
] as const;

/** The provider config kinds the built-in channels served. */
export const PROVIDER_KINDS = ['call', 'email', 'sms'] as const;

/** The built-in endpoint types verified by one-time code. */
export const OTP_CHANNELS = ['sms', 'call', 'email'] as const;

/** The channel an endpoint type without provider configs talked to directly. */
export function directChannelId(type: string): string | undefined {
  return DIRECT_CHANNELS[type];
}
