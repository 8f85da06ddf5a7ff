import { type ChannelMessage, headline, type MessageSeverity, truncate } from '@oncall/plugin-sdk';

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

/**
 * The webhook payload: a `message` carrying one Adaptive Card, the format both Teams Workflows
 * ("Post to a channel when a webhook request is received") and the older connectors accept.
 * Links and the acknowledge link are Action.OpenUrl buttons.
 */
export function adaptiveCardMessage(message: ChannelMessage): Record<string, unknown> {
  const body = message.body.trim();
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
            {
              type: 'TextBlock',
              text: headline(message),
              weight: 'Bolder',
              size: 'Medium',
              color: COLOR[message.severity],
              wrap: true,
            },
            ...(body ? [{ type: 'TextBlock', text: truncate(body, MAX_BODY_LENGTH), wrap: true }] : []),
          ],
          actions: [...acknowledge, ...links],
        },
      },
    ],
  };
}
