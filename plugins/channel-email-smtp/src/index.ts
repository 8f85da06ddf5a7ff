import { defineChannel, headline, legacyEndpoints, toPlainText, z } from '@oncall/plugin-sdk';
import { smtpConfigFields, smtpConfigSchema } from './config';
import { messageIdFor } from './message-id';
import { renderEmailHtml } from './render-email';
import { checkTransport, sharedTransport } from './shared-transports';
import { smtpChannelError } from './smtp-error';

/**
 * Email over SMTP (nodemailer). The SMTP server comes from the email provider config, which only
 * admins set, so it connects directly rather than through the host's fetch and SSRF guard. TLS is
 * required unless the config says `tls: "none"`; certificates are verified against the system's CAs.
 */
export default defineChannel({
  id: 'email-smtp',
  displayName: 'Email (SMTP)',
  configSchema: smtpConfigSchema,
  secretFields: ['password'],
  configFields: smtpConfigFields,
  // `secure` and `tls` decide whether the password may cross the network in plain text. The
  // username is not one: a new one sends the password to the same server, protected alike.
  secretBoundFields: ['host', 'port', 'secure', 'tls'],
  destinationSchema: z.object({
    value: z.email().meta({ title: 'Email address', examples: ['oncall@example.com'] }),
  }),
  destinationSecretFields: [],
  legacyEndpoint: legacyEndpoints.email,
  capabilities: { otp: true, acknowledge: 'link', messengerProxy: false, lane: 'email' },
  serves: {
    endpointType: 'email',
    endpointLabel: 'Email',
    provider: {
      name: 'smtp',
      label: 'Email config',
      implied: true,
      // The original web UI fills its edit form's username from `usrename`.
      legacyFieldNames: { usrename: 'username' },
    },
  },
  // Mail servers throttle a client that opens connections too fast (421 or 450 answers), the
  // hosted relays at about ten messages a second per account.
  pacing: [
    { per: 'server', count: 10, windowMs: 1_000, key: (config) => `${config.host}:${config.port ?? ''}` },
  ],

  create(config) {
    return {
      async send(message, { destination, idempotencyKey }) {
        const subject = headline(message);
        try {
          const info = await sharedTransport(config).sendMail({
            from: config.fromAddress,
            to: destination.value,
            subject,
            text: toPlainText(message),
            html: renderEmailHtml(message, subject),
            messageId: messageIdFor(idempotencyKey, config.fromAddress),
          });
          return { providerMessageId: info.messageId };
        } catch (error) {
          throw smtpChannelError(error);
        }
      },
      async healthCheck() {
        const transport = checkTransport(config);
        try {
          await transport.verify();
        } catch (error) {
          throw smtpChannelError(error);
        } finally {
          transport.close();
        }
      },
    };
  },
});
