import { defineChannel, headline, type MessageSeverity, postJson, truncate, z } from '@oncall/plugin-sdk';

// ntfy priorities: 5 = max (bypasses do-not-disturb on phones) … 1 = min.
const PRIORITY: Record<MessageSeverity, number> = {
  critical: 5,
  warning: 4,
  triggered: 4,
  info: 3,
  resolved: 2,
};

/** The worked example of docs/plugins.md: a channel for ntfy (https://ntfy.sh) push notifications. */
export default defineChannel({
  id: 'ntfy',
  displayName: 'ntfy',
  configSchema: z.object({
    baseUrl: z.url({ protocol: /^https?$/ }).default('https://ntfy.sh'),
    accessToken: z.string().min(1),
  }),
  secretFields: ['accessToken'],
  destinationSchema: z.object({
    topic: z.string().regex(/^[-_A-Za-z0-9]{1,64}$/, 'letters, digits, - and _ only'),
  }),
  destinationSecretFields: [],
  capabilities: { otp: false, acknowledge: 'button', messengerProxy: false },

  create(config, ctx) {
    return {
      async send(message, { destination, signal }) {
        const actions = message.acknowledgeUrl
          ? [{ action: 'view', label: 'Acknowledge', url: message.acknowledgeUrl, clear: true }]
          : [];
        const response = await postJson(
          ctx,
          config.baseUrl,
          {
            topic: destination.topic,
            title: headline(message),
            message: truncate(message.body || headline(message), 4000),
            priority: PRIORITY[message.severity],
            actions,
          },
          { headers: { authorization: `Bearer ${config.accessToken}` }, signal },
        );
        const answer: unknown = await response.json();
        const id =
          typeof answer === 'object' && answer !== null && 'id' in answer ? String(answer.id) : undefined;
        return { providerMessageId: id };
      },
    };
  },
});
