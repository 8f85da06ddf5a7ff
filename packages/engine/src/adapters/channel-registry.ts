import bale from '@oncall/channel-bale';
import callProviderOne from '@oncall/channel-call-providerone';
import emailSmtp from '@oncall/channel-email-smtp';
import mattermost from '@oncall/channel-mattermost';
import smsProviderOne from '@oncall/channel-sms-providerone';
import teams from '@oncall/channel-teams';
import telegram from '@oncall/channel-telegram';
import { loadChannelPlugins } from '@oncall/core';
import type { AnyChannelDefinition } from '@oncall/plugin-sdk';

/** The channels the service ships. */
export const BUILT_IN_CHANNELS: readonly AnyChannelDefinition[] = [
  smsProviderOne,
  callProviderOne,
  emailSmtp,
  telegram,
  bale,
  teams,
  mattermost,
];

/** Channels by id: the built-ins plus the npm packages named in `CHANNEL_PLUGINS`. */
export type ChannelRegistry = ReadonlyMap<string, AnyChannelDefinition>;

/**
 * Loads the registry once at start-up; fails naming the package when one cannot be used.
 *
 * @example const channels = await loadChannelRegistry(config.channelPlugins);
 */
export function loadChannelRegistry(packageNames: readonly string[] = []): Promise<ChannelRegistry> {
  return loadChannelPlugins(BUILT_IN_CHANNELS, packageNames);
}
