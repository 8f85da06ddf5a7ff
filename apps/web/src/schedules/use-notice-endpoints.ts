import { useQuery } from '@tanstack/react-query';
import { destinationKind, endpointTypeLabel, isEndpointType } from '../endpoints/endpoint-types';
import { trpc } from '../trpc/client';

/**
 * The endpoints a schedule's shift-change notices may go to: chats (Telegram, Bale, Teams,
 * Mattermost) and plugin types the web app does not know (a plugin's chat). The server has the
 * last word: one not owned within the schedule's team is a 422 at the field.
 */
export function useNoticeEndpoints() {
  const endpoints = useQuery(trpc.endpoints.flowStepCandidates.queryOptions());
  const options = (endpoints.data ?? [])
    .filter((endpoint) => {
      if (!isEndpointType(endpoint.type)) return true;
      const kind = destinationKind(endpoint.type);
      return kind === 'chat' || kind === 'webhook';
    })
    .map((endpoint) => ({
      value: endpoint.id,
      label: `${endpoint.name} (${endpointTypeLabel(endpoint.type)})`,
    }));
  return { options, loading: endpoints.isPending };
}
