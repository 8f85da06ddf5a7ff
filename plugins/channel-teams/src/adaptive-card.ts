import {
  type ChannelMessage,
  headline,
  type MessageSeverity,
  messageText,
  truncate,
} from '@oncall/plugin-sdk';

// Adaptive Card text colours that read as the alert's state in light and dark themes.
const COLOR: Record<MessageSeverity, string> = {
  critical: 'Attention',
  warning: 'Warning',
  resolved: 'Good',
  info: 'Default',
  triggered: 'Accent',
};

// Teams refuses cards over about 28 KB; the body is the only unbounded part.
const MAX_BODY_LENGTH = 10_000;
// Each line is a block of its own (a TextRun's line breaks are not shown alike by every client);
// past this many, the rest shares the last block so the card stays under the size limit.
const MAX_BODY_LINES = 60;

/**
 * The webhook payload: a `message` carrying one Adaptive Card, the format both Teams Workflows
 * ("Post to a channel when a webhook request is received") and the older connectors accept.
 * Links and the acknowledge link are Action.OpenUrl buttons; alert text is never markdown.
 */
export function adaptiveCardMessage(message: ChannelMessage): Record<string, unknown> {
  const body = messageText(message);
  const links = (message.links ?? []).map((link) => ({
    type: 'Action.OpenUrl',
    title: link.label,
    url: link.url,
  }));
  const acknowledge = message.acknowledgeUrl
    ? [{ type: 'Action.OpenUrl', title: 'Acknowledge', url: message.acknowledgeUrl, style: 'positive' }]
    : [];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          msteams: { width: 'Full' },
          body: [
            literalText(headline(message), {
              weight: 'Bolder',
              size: 'Medium',
              color: COLOR[message.severity],
            }),
            ...bodyLines(truncate(body, MAX_BODY_LENGTH)).map((line) => literalText(line)),
          ],
          actions: [...acknowledge, ...links],
        },
      },
    ],
  };
}

/**
 * Alert text as a RichTextBlock of one TextRun: unlike a TextBlock, whose text is markdown (links,
 * emphasis, lists), a TextRun is shown as written, and Teams clients disagree on backslash escapes.
 * Mentions need an entity beside the card, which only this renderer could add.
 */
function literalText(text: string, style: Record<string, string> = {}): Record<string, unknown> {
  return { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text, ...style }] };
}

function bodyLines(body: string): string[] {
  const lines = body.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length <= MAX_BODY_LINES) return lines;
  return [...lines.slice(0, MAX_BODY_LINES - 1), lines.slice(MAX_BODY_LINES - 1).join(' ')];
}
