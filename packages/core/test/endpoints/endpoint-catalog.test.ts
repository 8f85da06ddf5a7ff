import { endpointBodySchema, fieldErrorsFromIssues, otpSendBodySchema } from '@oncall/contracts';
import { defineChannel, z } from '@oncall/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { endpointCatalogOf } from '../../src/endpoints/endpoint-catalog';
import { createPluginRegistry } from '../../src/plugins/plugin-registry';

/** A provider-backed channel whose endpoints are verified by one-time code, as sms is. */
const whatsapp = defineChannel({
  id: 'whatsapp-acme',
  displayName: 'WhatsApp (Acme)',
  configSchema: z.object({ apiKey: z.string() }),
  secretFields: ['apiKey'],
  destinationSchema: z.object({ value: z.string().regex(/^\+\d{8,15}$/, 'must be an international number') }),
  destinationSecretFields: [],
  capabilities: { otp: true, acknowledge: 'link', messengerProxy: false, lane: 'page' },
  serves: { endpointType: 'whatsapp', provider: { name: 'acme', label: 'WhatsApp config' } },
  create: () => ({ send: async () => ({}) }),
});

const catalog = endpointCatalogOf(
  createPluginRegistry(
    { channels: [], sources: [] },
    { channels: [{ packageName: '@acme/whatsapp', definition: whatsapp }], sources: [] },
  ),
);

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
};

describe('the endpoint catalog of a verified plugin-defined type', () => {
  it('lists it among the types and the verified types, with its destination fields', () => {
    expect(catalog.types).toEqual(['whatsapp', 'flow']);
    expect(catalog.otpTypes).toEqual(['whatsapp']);
    expect(catalog.destinations.get('whatsapp')?.schema).toBe(whatsapp.destinationSchema);
  });

  it('makes OTP requests for it check its destination value, and lists only verified types', () => {
    const schema = otpSendBodySchema(catalog, 'strict');
    expect(schema.parse({ type: 'whatsapp', value: ' +989121234567' })).toEqual({
      type: 'whatsapp',
      value: '+989121234567',
    });
    expect(errorsOf(schema, { type: 'whatsapp', value: '0912' })).toEqual({
      value: ['must be an international number'],
    });
    expect(errorsOf(schema, { type: 'flow', value: '+989121234567' })).toEqual({
      type: ['The type must be one of whatsapp.'],
    });
  });

  it('takes an otp code in its endpoint body', () => {
    const schema = endpointBodySchema({ catalog, mode: 'create', strictness: 'strict', extra: {} });
    expect(
      schema.parse({ name: 'Phone', type: 'whatsapp', value: '+989121234567', otpCode: '123456' }),
    ).toEqual({ name: 'Phone', type: 'whatsapp', value: '+989121234567', otpCode: '123456' });
  });
});
