import {
  clusterAgentBody,
  clusterMainBody,
  discriminatorError,
  idField,
  messengerProxyBody,
  messengerProxyListQuery,
} from '@oncall/contracts';
import { z } from 'zod';

/** The REST config bodies made strict (see strict-inputs.ts); provider configs: provider-config-inputs.ts. */
const id = { id: idField('id') };

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
