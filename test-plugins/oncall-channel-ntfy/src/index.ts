import { defineChannel, headline, type MessageSeverity, postJson, truncate, z } from '@oncall/plugin-sdk';

// ntfy priorities: 5 = max (bypasses do-not-disturb on phones) … 1 = min.
const PRIORITY: Record<MessageSeverity, number> = {
  critical: 5,
  warning: 4,
  triggered: 4,
  info: 3,
  resolved: 2,
};

/**
 * ntfy-style push notifications (https://ntfy.sh), as a package outside the service would write
 * them: a direct channel whose endpoints carry all it needs (their server, topic and access token),
 * so it needs no config of its own. The token is a destination secret.
 */
export default defineChannel({
  id: 'ntfy',
  displayName: 'ntfy push',
  configSchema: z.object({}),
  secretFields: [],
  destinationSchema: z.object({
    serverUrl: z.url({ protocol: /^https?$/ }),
    topic: z.string().regex(/^[-_A-Za-z0-9]{1,64}$/, 'letters, digits, - and _ only'),
    accessToken: z.string().min(1).optional(),
  }),
  destinationSecretFields: ['accessToken'],
  capabilities: { otp: false, acknowledge: 'button', messengerProxy: false, lane: 'chat' },
  serves: { endpointType: 'ntfy' },

  create(_config, ctx) {
    return {
      async send(message, { destination, signal }) {
        const actions = message.acknowledgeUrl
          ? [{ action: 'view', label: 'Acknowledge', url: message.acknowledgeUrl, clear: true }]
          : [];
        const headers: Record<string, string> = destination.accessToken
          ? { authorization: `Bearer ${destination.accessToken}` }
          : {};
        const response = await postJson(
          ctx,
          destination.serverUrl,
          {
            topic: destination.topic,
            title: headline(message),
            message: truncate(message.body || headline(message), 4000),
            priority: PRIORITY[message.severity],
            actions,
          },
          { headers, signal },
        );
        const answer: unknown = await response.json();
        const id =
          typeof answer === 'object' && answer !== null && 'id' in answer ? String(answer.id) : undefined;
        return { providerMessageId: id };
      },
    };
  },
});
