import { randomUUID } from 'node:crypto';
import type { PluginRegistry, ProviderConfigTester } from '@oncall/core';
import type { ChannelLogger } from '@oncall/plugin-sdk';
import { createHostFetches } from './host-fetches';

export interface ProviderConfigTesterOptions {
  /** Channel plugins by id: the plugin registry's `channels`. */
  readonly channels: PluginRegistry['channels'];
  /** `ALLOW_PRIVATE_WEBHOOK_TARGETS`. */
  readonly allowPrivateTargets: boolean;
  /** The send's upper bound; the channel's request is aborted after it. Default 15 s. */
  readonly timeoutMs?: number;
}

const silentLogger: ChannelLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

interface ObjectSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: Record<string, unknown> }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** Issue messages name fields, never their values, so no secret is echoed back. */
function parsed(schema: ObjectSchema, value: unknown, what: string): Record<string, unknown> | string {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`,
  );
  return `Invalid ${what}: ${problems.join('; ')}`;
}

/**
 * The core's ProviderConfigTester over the channel plugins: one send through the config's channel,
 * with its own outbound pool behind the same SSRF guard as deliveries. Every failure is an answer
 * (`delivered: false` and the reason), never a rejection.
 */
export function createProviderConfigTester(
  options: ProviderConfigTesterOptions,
): ProviderConfigTester & { close(): Promise<void> } {
  const fetches = createHostFetches({ allowPrivateTargets: options.allowPrivateTargets });
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    async send({ channelId, config, destination, message }) {
      const channel = options.channels.get(channelId);
      if (!channel) return { delivered: false, message: `No channel plugin "${channelId}" is loaded.` };
      const parsedConfig = parsed(channel.configSchema, config, 'config');
      if (typeof parsedConfig === 'string') return { delivered: false, message: parsedConfig };
      const parsedDestination = parsed(channel.destinationSchema, destination, 'destination');
      if (typeof parsedDestination === 'string') return { delivered: false, message: parsedDestination };
      try {
        const instance = await channel.create(parsedConfig, {
          fetch: fetches.direct,
          logger: silentLogger,
          clock: { now: () => new Date() },
        });
        const result = await instance.send(message, {
          idempotencyKey: `provider-test:${randomUUID()}`,
          destination: parsedDestination,
          signal: AbortSignal.timeout(timeoutMs),
        });
        return {
          delivered: true,
          message: result.providerMessageId
            ? `The provider accepted it (message ${result.providerMessageId}).`
            : 'The provider accepted it.',
        };
      } catch (error) {
        return { delivered: false, message: error instanceof Error ? error.message : 'The send failed.' };
      }
    },
    close: () => fetches.close(),
  };
}
