import {
  callConfigBody,
  callConfigUpdateBody,
  clusterAgentBody,
  clusterMainBody,
  discriminatorError,
  emailConfigBody,
  idField,
  messengerProxyBody,
  messengerProxyListQuery,
  providerKindField,
  smsConfigBody,
  smsConfigUpdateBody,
} from '@oncall/contracts';
import { z } from 'zod';

/**
 * The REST config bodies made strict (see strict-inputs.ts). Call, email and SMS configs share
 * procedures, so their inputs carry `kind` (the REST path segment) as a discriminator.
 */
const id = { id: idField('id') };
const kindError = { error: discriminatorError('kind') };

export const providerKindInput = z.strictObject({ kind: providerKindField });
export const providerConfigIdInput = z.strictObject({ kind: providerKindField, ...id });

export const providerConfigCreateInput = z.discriminatedUnion(
  'kind',
  [
    callConfigBody.strict().extend({ kind: z.literal('call') }),
    smsConfigBody.strict().extend({ kind: z.literal('sms') }),
    emailConfigBody.strict().extend({ kind: z.literal('email') }),
  ],
  kindError,
);

export const providerConfigUpdateInput = z.discriminatedUnion(
  'kind',
  [
    callConfigUpdateBody.strict().extend({ kind: z.literal('call'), ...id }),
    smsConfigUpdateBody.strict().extend({ kind: z.literal('sms'), ...id }),
    emailConfigBody.strict().extend({ kind: z.literal('email'), ...id }),
  ],
  kindError,
);

export const messengerProxyListInput = messengerProxyListQuery.strict().prefault({});
export const messengerProxyCreateInput = messengerProxyBody.strict();
export const messengerProxyUpdateInput = messengerProxyBody.strict().extend(id);

export const clusterSaveInput = z.discriminatedUnion(
  'type',
  [clusterMainBody.strict(), clusterAgentBody.strict()],
  {
    error: discriminatorError('type'),
  },
);
