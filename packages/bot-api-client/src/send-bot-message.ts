import { type ChannelContext, type ChannelMessage, type SendResult, toPlainText } from '@oncall/plugin-sdk';
import { callBotApi } from './call-bot-api';
import { renderHtml } from './render-html';

const MAX_PLAIN_LENGTH = 4000;

/** A message for one chat (and, on Telegram, one forum topic). */
export interface BotMessage {
  readonly apiBase: string;
  readonly botToken: string;
  readonly chatId: string;
  /** Forum topic (Telegram's `message_thread_id`). */
  readonly threadId?: number;
  /**
   * `html` sends `parse_mode: 'HTML'` (Telegram); `plain` sends unformatted text, for Bot API
   * clones that document no `parse_mode` and would show the tags.
   */
  readonly format: 'html' | 'plain';
  readonly message: ChannelMessage;
  readonly signal?: AbortSignal;
}

/**
 * Sends `sendMessage` and, when the alert can be acknowledged, an inline keyboard with one URL
 * button, which stands out in busy groups where a link in the text is easy to miss.
 */
export async function sendBotMessage(
  ctx: Pick<ChannelContext, 'fetch' | 'clock'>,
  send: BotMessage,
): Promise<SendResult> {
  const { acknowledgeUrl } = send.message;
  const result = await callBotApi(ctx, {
    apiBase: send.apiBase,
    botToken: send.botToken,
    method: 'sendMessage',
    payload: {
      chat_id: send.chatId,
      ...(send.threadId === undefined ? {} : { message_thread_id: send.threadId }),
      ...text(send),
      ...(acknowledgeUrl
        ? { reply_markup: { inline_keyboard: [[{ text: 'Acknowledge', url: acknowledgeUrl }]] } }
        : {}),
    },
    signal: send.signal,
  });
  const messageId =
    typeof result === 'object' && result !== null && 'message_id' in result ? result.message_id : undefined;
  return messageId === undefined ? {} : { providerMessageId: String(messageId) };
}

function text(send: BotMessage): { text: string; parse_mode?: 'HTML' } {
  if (send.format === 'html') return { text: renderHtml(send.message), parse_mode: 'HTML' };
  // The acknowledge link is the button; repeating it in the text would only add noise.
  return {
    text: toPlainText({ ...send.message, acknowledgeUrl: undefined }, { maxLength: MAX_PLAIN_LENGTH }),
  };
}
