import { defineChannel, legacyEndpoints, toPlainText, wireFields, z } from '@oncall/plugin-sdk';
import { callProviderOne, phoneDestinationSchema, providerOneBaseUrlField } from '@oncall/providerone-client';

// Room for the headline, a short body and the acknowledge link. providerOne bills per part
// (70 characters of Persian text, 160 of Latin), so the text stays compact.
const MAX_SMS_LENGTH = 480;

/** SMS through providerOne (KaveNegar's REST API): `GET /v1/{apiToken}/sms/send.json`. */
export default defineChannel({
  id: 'sms-providerone',
  displayName: 'SMS (providerOne)',
  configSchema: z.object({
    apiToken: z.string().min(1),
    senderNumber: z.string().trim().min(1),
    baseUrl: z.url({ protocol: /^https?$/ }).default('https://api.kavenegar.com'),
  }),
  secretFields: ['apiToken'],
  configFields: z.object({
    senderNumber: wireFields.requiredText('sender number', 32),
    baseUrl: providerOneBaseUrlField,
  }),
  secretBoundFields: ['baseUrl'],
  destinationSchema: phoneDestinationSchema,
  destinationSecretFields: [],
  legacyEndpoint: legacyEndpoints.phone,
  capabilities: { otp: true, acknowledge: 'link', messengerProxy: false, lane: 'page' },
  serves: {
    endpointType: 'sms',
    endpointLabel: 'SMS',
    provider: {
      name: 'providerOne',
      label: 'SMS config',
      // The original web UI sends this name on every save (its SmsConfigModal and CallConfigModal).
      legacyNames: ['kaveNegar'],
    },
  },

  create(config, ctx) {
    return {
      send: (message, { destination, signal }) =>
        callProviderOne(ctx, {
          baseUrl: config.baseUrl,
          apiToken: config.apiToken,
          method: 'sms/send',
          params: {
            sender: config.senderNumber,
            receptor: destination.value,
            message: toPlainText(message, { maxLength: MAX_SMS_LENGTH }),
          },
          signal,
        }),
    };
  },
});
