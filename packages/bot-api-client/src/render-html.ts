import { type ChannelMessage, escapeHtml, headline, messageText, truncate } from '@oncall/plugin-sdk';

// The Bot API limit is 4096 characters of visible text; the rest is headline and links.
const MAX_BODY_LENGTH = 3500;

/**
 * Renders a message for `parse_mode: 'HTML'`: bold headline, body, then links. Everything from the
 * alert is escaped, so `<`, `>` and `&` in an alert cannot break or inject markup. The acknowledge
 * link is not here: it travels as an inline keyboard button.
 */
export function renderHtml(message: ChannelMessage): string {
  const body = messageText(message);
  const links = (message.links ?? []).map(
    (link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`,
  );
  return [
    `<b>${escapeHtml(headline(message))}</b>`,
    ...(body ? [escapeHtml(truncate(body, MAX_BODY_LENGTH))] : []),
    ...(links.length > 0 ? [links.join('\n')] : []),
  ].join('\n\n');
}
