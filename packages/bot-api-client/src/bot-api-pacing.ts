import type { ChannelPacingLimit } from '@oncall/plugin-sdk';

interface BotDestination {
  readonly chatId: string;
  readonly botToken: string;
}

/** Group and channel chats have negative ids (or an @channel name); private chats positive ones. */
const isGroupChat = (chatId: string) => !/^\d+$/.test(chatId);

/**
 * The Bot API's documented limits (Telegram's bot FAQ; Bale documents the same protocol and is held
 * to the same): about one message a second to one chat, 20 a minute to one group, 30 a second
 * from one bot across all its chats. Keys pair the bot with the chat: two bots posting to one chat
 * are limited apart.
 *
 * @example defineChannel({ id: 'telegram', …, pacing: BOT_API_PACING })
 */
export const BOT_API_PACING: readonly ChannelPacingLimit<unknown, BotDestination>[] = [
  { per: 'chat', count: 1, windowMs: 1_000, key: (_config, d) => `${d.botToken}\n${d.chatId}` },
  {
    per: 'group',
    count: 20,
    windowMs: 60_000,
    key: (_config, d) => (isGroupChat(d.chatId) ? `${d.botToken}\n${d.chatId}` : null),
  },
  { per: 'bot', count: 30, windowMs: 1_000, key: (_config, d) => d.botToken },
];
