import { BOT_API_PACING, botTokenSchema, chatIdSchema, sendBotMessage } from '@oncall/bot-api-client';
import { defineChannel, legacyEndpoints, z } from '@oncall/plugin-sdk';

/**
 * Telegram through the Bot API. Each endpoint names its own bot, chat and optional forum topic;
 * the channel config only says where the Bot API is (a local Bot API server, or a test fake).
 */
export default defineChannel({
  id: 'telegram',
  displayName: 'Telegram',
  configSchema: z.object({
    apiBase: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  }),
  secretFields: [],
  destinationSchema: z.object({
    chatId: chatIdSchema,
    // Legacy clients send "" for "no topic".
    threadId: z
      .union([z.literal(''), z.string().trim().regex(/^\d+$/, 'must be a numeric topic id')])
      .optional()
      .transform((threadId) => (threadId ? Number(threadId) : undefined))
      .meta({ title: 'Thread id', description: 'Optional: a topic in a forum group.' }),
    botToken: botTokenSchema,
  }),
  destinationSecretFields: ['botToken'],
  capabilities: { otp: false, acknowledge: 'button', messengerProxy: true, lane: 'chat' },
  serves: { endpointType: 'telegram' },
  legacyEndpoint: legacyEndpoints.threadedBotChat,
  pacing: BOT_API_PACING,

  create(config, ctx) {
    return {
      send: (message, { destination, signal }) =>
        sendBotMessage(ctx, {
          apiBase: config.apiBase,
          botToken: destination.botToken,
          chatId: destination.chatId,
          threadId: destination.threadId,
          format: 'html',
          message,
          signal,
        }),
    };
  },
});
