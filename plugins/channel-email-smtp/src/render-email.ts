import { type ChannelMessage, escapeHtml, type MessageSeverity, messageText } from '@oncall/plugin-sdk';

const COLOR: Record<MessageSeverity, string> = {
  critical: '#c62828',
  warning: '#ef6c00',
  resolved: '#2e7d32',
  info: '#1565c0',
  triggered: '#6a1b9a',
};

/**
 * The HTML part: headline in the state's colour, the body with its line breaks, links, and a
 * button-styled acknowledge link. Inline styles only, since mail clients drop style sheets.
 */
export function renderEmailHtml(message: ChannelMessage, subject: string): string {
  const body = messageText(message);
  const links = (message.links ?? []).map(
    (link) => `<li><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></li>`,
  );
  const acknowledge = message.acknowledgeUrl
    ? `<p><a href="${escapeHtml(message.acknowledgeUrl)}" style="display:inline-block;padding:8px 16px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:4px">Acknowledge</a></p>`
    : '';
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif">',
    `<h2 style="color:${COLOR[message.severity]}">${escapeHtml(subject)}</h2>`,
    body ? `<p>${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>` : '',
    links.length > 0 ? `<ul>${links.join('')}</ul>` : '',
    acknowledge,
    '</body></html>',
  ].join('');
}
