import {
  type EndpointCatalog,
  endpointBodySchema,
  endpointChangeOwnerBody,
  endpointListQuery,
  endpointTransferListQuery,
  idField,
  otpSendBodySchema,
} from '@oncall/contracts';

/** The REST endpoint shapes made strict: this face refuses unknown fields so typos surface. */
const id = { id: idField('id') };

export const endpointListInput = endpointListQuery.strict().prefault({});
export const endpointChangeOwnerInput = endpointChangeOwnerBody.strict().extend(id);
export const endpointTransferListInput = endpointTransferListQuery.strict().prefault({});

/** The inputs with one shape per endpoint type of the catalog (built from the loaded plugins). */
export function endpointInputs(catalog: EndpointCatalog) {
  return {
    create: endpointBodySchema({ catalog, mode: 'create', strictness: 'strict', extra: {} }),
    update: endpointBodySchema({ catalog, mode: 'update', strictness: 'strict', extra: id }),
    sendOtp: otpSendBodySchema(catalog, 'strict'),
  };
}
