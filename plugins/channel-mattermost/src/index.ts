import { defineChannel, discardBody, postJson, z } from '@oncall/plugin-sdk';
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
  destinationSchema: z.object({ value: z.url({ protocol: /^https?$/ }) }),
  // The webhook URL is the credential: whoever has it can post to the channel.
  destinationSecretFields: ['value'],
  capabilities: { otp: false, acknowledge: 'link', messengerProxy: false, lane: 'chat' },
  // The endpoint type predates this plugin and keeps its dash.
  serves: { endpointType: 'matter-most' },

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
