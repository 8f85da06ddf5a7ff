import { BOT_API_PACING, botTokenSchema, chatIdSchema, sendBotMessage } from '@oncall/bot-api-client';
import { defineChannel, legacyEndpoints, z } from '@oncall/plugin-sdk';

/**
 * Bale (bale.ai) through its Telegram-style Bot API. Bale has no forum topics, and its
 * `sendMessage` documents no `parse_mode`, so text goes out plain with the acknowledge button.
 */
export default defineChannel({
  id: 'bale',
  displayName: 'Bale',
  configSchema: z.object({
    apiBase: z.url({ protocol: /^https?$/ }).default('https://tapi.bale.ai'),
  }),
  secretFields: [],
  destinationSchema: z.object({ chatId: chatIdSchema, botToken: botTokenSchema }),
  destinationSecretFields: ['botToken'],
  capabilities: { otp: false, acknowledge: 'button', messengerProxy: true, lane: 'chat' },
  serves: { endpointType: 'bale' },
  legacyEndpoint: legacyEndpoints.botChat,
  pacing: BOT_API_PACING,

  create(config, ctx) {
    return {
      send: (message, { destination, signal }) =>
        sendBotMessage(ctx, {
          apiBase: config.apiBase,
          botToken: destination.botToken,
          chatId: destination.chatId,
          format: 'plain',
          message,
          signal,
        }),
    };
  },
});
