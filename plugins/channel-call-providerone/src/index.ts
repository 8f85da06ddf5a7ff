import { defineChannel, legacyEndpoints, toPlainText, z } from '@oncall/plugin-sdk';
import { callProviderOne, phoneDestinationSchema, providerOneBaseUrlField } from '@oncall/providerone-client';

// Spoken text: links cannot be followed on a call, and a long recording is hung up on.
const MAX_SPOKEN_LENGTH = 400;

/** Text-to-speech voice calls through providerOne (KaveNegar's REST API): `GET /v1/{apiToken}/call/maketts.json`. */
export default defineChannel({
  id: 'call-providerone',
  displayName: 'Voice call (providerOne)',
  configSchema: z.object({
    apiToken: z.string().min(1),
    baseUrl: z.url({ protocol: /^https?$/ }).default('https://api.kavenegar.com'),
  }),
  secretFields: ['apiToken'],
  configFields: z.object({ baseUrl: providerOneBaseUrlField }),
  secretBoundFields: ['baseUrl'],
  destinationSchema: phoneDestinationSchema,
  destinationSecretFields: [],
  legacyEndpoint: legacyEndpoints.phone,
  capabilities: { otp: true, acknowledge: 'none', messengerProxy: false, lane: 'page' },
  serves: {
    endpointType: 'call',
    endpointLabel: 'Voice call',
    provider: {
      name: 'providerOne',
      label: 'Call config',
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
          method: 'call/maketts',
          params: {
            receptor: destination.value,
            message: toPlainText(message, { maxLength: MAX_SPOKEN_LENGTH, withoutLinks: true }),
          },
          signal,
        }),
    };
  },
});
