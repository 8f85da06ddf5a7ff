import {
  endpointBodySchema,
  endpointChangeOwnerBody,
  endpointListQuery,
  idField,
  otpSendBodySchema,
} from '@oncall/contracts';

/** The REST endpoint shapes made strict: this face refuses unknown fields so typos surface. */
const id = { id: idField('id') };

export const endpointListInput = endpointListQuery.strict().prefault({});
export const endpointCreateInput = endpointBodySchema({ mode: 'create', strictness: 'strict', extra: {} });
export const endpointUpdateInput = endpointBodySchema({ mode: 'update', strictness: 'strict', extra: id });
export const endpointChangeOwnerInput = endpointChangeOwnerBody.strict().extend(id);
export const otpSendInput = otpSendBodySchema('strict');
