import type { ChannelMessage } from '@oncall/plugin-sdk';

/** One test message through a provider config: its channel, the config with secrets opened, where to. */
export interface ProviderConfigTestSend {
  channelId: string;
  config: Record<string, unknown>;
  destination: Record<string, unknown>;
  message: ChannelMessage;
}

/** `message` says what the provider answered in a few words, or why the send failed. */
export interface ProviderConfigTestResult {
  delivered: boolean;
  message: string;
}

/**
 * Sends one message through a channel plugin now, outside the delivery engine (no retry, no
 * fallback, no delivery log): what a "test this config" button needs. Implemented outside the core
 * (`@oncall/engine`) because it speaks HTTP and SMTP; it must resolve, never reject, and bound its
 * own time.
 */
export interface ProviderConfigTester {
  send(target: ProviderConfigTestSend): Promise<ProviderConfigTestResult>;
}

/** The tester a core gets when its composition root names none: it sends nothing, and says so. */
export const unconfiguredTester: ProviderConfigTester = {
  send: async () => ({ delivered: false, message: 'No test sender is configured in this process.' }),
};
