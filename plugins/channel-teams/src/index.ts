import { defineChannel, discardBody, legacyEndpoints, postJson, z } from '@oncall/plugin-sdk';
import { adaptiveCardMessage } from './adaptive-card';

/**
 * Microsoft Teams through an incoming webhook (a Workflows webhook or a legacy connector).
 * The webhook URL is the endpoint's value; the host's fetch guards it against private targets.
 */
export default defineChannel({
  id: 'teams',
  displayName: 'Microsoft Teams',
  configSchema: z.object({}),
  secretFields: [],
  destinationSchema: z.object({
    value: z.url({ protocol: /^https?$/ }).meta({
      title: 'Webhook URL',
      description: "The channel's incoming webhook: a Workflows webhook or an Incoming Webhook connector.",
      examples: ['https://example.webhook.office.com/…'],
    }),
  }),
  // The webhook URL is the credential: whoever has it can post to the channel.
  destinationSecretFields: ['value'],
  capabilities: { otp: false, acknowledge: 'button', messengerProxy: false, lane: 'chat' },
  serves: { endpointType: 'teams' },
  legacyEndpoint: legacyEndpoints.webhook,
  // Microsoft throttles an incoming webhook beyond about four posts a second; one a second keeps a
  // channel readable and well clear of it.
  pacing: [{ per: 'webhook', count: 1, windowMs: 1_000, key: (_config, { value }) => value }],

  create(_config, ctx) {
    return {
      async send(message, { destination, signal }) {
        const response = await postJson(ctx, destination.value, adaptiveCardMessage(message), { signal });
        await discardBody(response);
        return {};
      },
    };
  },
});
