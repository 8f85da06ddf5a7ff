import { defineChannel, discardBody, legacyEndpoints, postJson, z } from '@oncall/plugin-sdk';
import { renderPost } from './render-post';

/**
 * Mattermost through an incoming webhook. The webhook URL is the endpoint's value; the host's
 * fetch guards it against private targets (allow a self-hosted server with allowedAddresses).
 */
export default defineChannel({
  id: 'mattermost',
  displayName: 'Mattermost',
  configSchema: z.object({}),
  secretFields: [],
  destinationSchema: z.object({
    value: z.url({ protocol: /^https?$/ }).meta({
      title: 'Webhook URL',
      description: 'An incoming webhook of the channel (Integrations → Incoming Webhooks).',
      examples: ['https://mattermost.example.com/hooks/…'],
    }),
  }),
  // The webhook URL is the credential: whoever has it can post to the channel.
  destinationSecretFields: ['value'],
  capabilities: { otp: false, acknowledge: 'link', messengerProxy: false, lane: 'chat' },
  // The endpoint type predates this plugin and keeps its dash.
  serves: { endpointType: 'matter-most' },
  legacyEndpoint: legacyEndpoints.webhook,
  // Mattermost's rate limiting (when a server enables it) allows 10 requests a second per client
  // with bursts; one a second per webhook is what Slack-style webhooks promise, and keeps a channel
  // readable in a storm.
  pacing: [{ per: 'webhook', count: 1, windowMs: 1_000, key: (_config, { value }) => value }],

  create(_config, ctx) {
    return {
      async send(message, { destination, signal }) {
        const response = await postJson(ctx, destination.value, renderPost(message), { signal });
        await discardBody(response);
        return {};
      },
    };
  },
});
