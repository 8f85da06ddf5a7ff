import { type ChannelMessage, headline, messageText, truncate } from '@oncall/plugin-sdk';
import { escapeMarkdown, markdownLink } from './markdown';

// Mattermost's default post limit is 16383 characters; headline and links stay well below the rest.
const MAX_BODY_LENGTH = 12_000;

/** The incoming-webhook payload: a heading, the body and a line of links, acknowledge first. */
export function renderPost(message: ChannelMessage): { text: string } {
  const body = messageText(message);
  const links = [
    ...(message.acknowledgeUrl ? [`**${markdownLink('Acknowledge', message.acknowledgeUrl)}**`] : []),
    ...(message.links ?? []).map((link) => markdownLink(link.label, link.url)),
  ];
  const lines = [
    `#### ${escapeMarkdown(headline(message))}`,
    ...(body ? [escapeMarkdown(truncate(body, MAX_BODY_LENGTH))] : []),
    ...(links.length > 0 ? ['', links.join(' · ')] : []),
  ];
  return { text: lines.join('\n') };
}
