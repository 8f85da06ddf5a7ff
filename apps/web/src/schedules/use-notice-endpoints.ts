import { useQuery } from '@tanstack/react-query';
import { useEndpointTypes } from '../endpoints/endpoint-type-forms';
import { trpc } from '../trpc/client';

/**
 * The endpoints a schedule's shift-change notices may go to: chats and webhooks (types whose
 * plugin sends in the chat lane), not a phone, a mailbox or a flow. The server has the last word:
 * one not owned within the schedule's team is a 422 at the field.
 */
export function useNoticeEndpoints() {
  const endpoints = useQuery(trpc.endpoints.flowStepCandidates.queryOptions());
  const types = useEndpointTypes();
  const options = (endpoints.data ?? [])
    .filter((endpoint) => {
      return types.forms.find((known) => known.type === endpoint.type)?.lane === 'chat';
    })
    .map((endpoint) => ({
      value: endpoint.id,
      label: `${endpoint.name} (${types.labelOf(endpoint.type)})`,
    }));
  return { options, loading: endpoints.isPending || types.loading };
}
