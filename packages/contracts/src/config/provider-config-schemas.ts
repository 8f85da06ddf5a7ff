import { z } from 'zod';
import { requiredText } from '../common/fields';
import {
  choiceField,
  emailAddressField,
  hostField,
  keptSecret,
  optionalBoolean,
  optionalHttpUrl,
  optionalText,
  portField,
  requiredSecret,
} from './config-fields';

export const providerKindField = choiceField('kind', ['call', 'email', 'sms']);

/** How the SMTP connection is protected; see the email provider config's `tls` field. */
export const SMTP_TLS_VALUES = ['starttls', 'implicit', 'none'] as const;
export type SmtpTls = (typeof SMTP_TLS_VALUES)[number];

const name = requiredText('name');
const providerOne = choiceField('provider', ['providerOne']);
const baseUrl = optionalHttpUrl('base url').describe(
  "providerOne's API base URL (extension); default https://api.kavenegar.com.",
);

export const callConfigBody = z.object({
  name,
  provider: providerOne,
  apiToken: requiredSecret('api token'),
  baseUrl,
});

/** On update the token may be left out (or sent back masked) to keep the stored one. */
export const callConfigUpdateBody = callConfigBody.extend({ apiToken: keptSecret('api token') });

export const smsConfigBody = z.object({
  name,
  provider: providerOne,
  apiToken: requiredSecret('api token'),
  senderNumber: requiredText('sender number', 32),
  baseUrl,
});

export const smsConfigUpdateBody = smsConfigBody.extend({ apiToken: keptSecret('api token') });

/**
 * The contract marks no email field required; a config without host, port and sender address
 * cannot send, so those are required here. The password is optional on create as on update.
 */
export const emailConfigBody = z.object({
  name,
  provider: choiceField('provider', ['smtp']).optional(),
  host: hostField,
  port: portField,
  username: optionalText('username'),
  password: keptSecret('password'),
  fromAddress: emailAddressField('from address'),
  secure: optionalBoolean('secure').describe(
    'Extension (legacy): true is tls "implicit", false is tls "starttls". Default: implicit on port 465.',
  ),
  tls: choiceField('tls', SMTP_TLS_VALUES)
    .nullish()
    .describe(
      'Extension: "starttls" (required; a server without it is refused), "implicit" (TLS from the first byte) ' +
        'or "none" (plain text allowed). Default: from secure, else implicit on port 465 and starttls elsewhere.',
    ),
});

const masked = z.string().describe('Masked: never more than the last four characters.');

const configView = {
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  isDefault: z.boolean(),
  isBackup: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

export const callConfigViewSchema = z.object({
  ...configView,
  kind: z.literal('call'),
  apiToken: masked,
  baseUrl: z.string().nullable(),
});

export const smsConfigViewSchema = z.object({
  ...configView,
  kind: z.literal('sms'),
  apiToken: masked,
  senderNumber: z.string(),
  baseUrl: z.string().nullable(),
});

export const emailConfigViewSchema = z.object({
  ...configView,
  kind: z.literal('email'),
  host: z.string(),
  port: z.string(),
  username: z.string().nullable(),
  password: masked,
  fromAddress: z.string(),
  secure: z.boolean().nullable(),
  tls: z.enum(SMTP_TLS_VALUES).nullable(),
});

export const availableProvidersSchema = z.array(z.string());
