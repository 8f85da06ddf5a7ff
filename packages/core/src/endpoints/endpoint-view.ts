import { isLegacyEndpointType } from '@oncall/contracts';
import type { Actor } from '../auth/actor';
import { maskSecret, type SecretBox } from '../crypto/secret-box';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { endpointPolicy } from '../policy/endpoint-policy';
import { pluginDestinationView } from './plugin-destination';

interface EndpointCommonView {
  id: string;
  name: string;
  userId: string;
  accessUserIds: string[];
  accessTeamIds: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * An endpoint as clients read it: the destination fields depend on the type; a bot token is masked,
 * and so is a webhook URL to whoever may not manage the endpoint. A plugin-defined type shows its
 * destination fields, every secret one masked.
 */
export type EndpointView = EndpointCommonView &
  (
    | { type: 'sms' | 'call' | 'email' | 'teams' | 'matter-most'; value: string }
    | { type: 'telegram'; chatId: string; threadId: string | null; botToken: string }
    | { type: 'bale'; chatId: string; botToken: string }
    | { type: 'flow'; steps: FlowStep[] }
    | { type: string; [field: string]: unknown }
  );

/** As `viewer` may see it. Expects `accessUsers` and `accessTeams` populated. */
export function toEndpointView(endpoint: Endpoint, secretBox: SecretBox, viewer: Actor): EndpointView {
  const common: EndpointCommonView = {
    id: endpoint.id,
    name: endpoint.name,
    userId: endpoint.owner.id,
    accessUserIds: endpoint.accessUsers.getItems().map((u) => u.id),
    accessTeamIds: endpoint.accessTeams.getItems().map((t) => t.id),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
  const botToken = () => maskSecret(endpoint.sealedBotToken && secretBox.decrypt(endpoint.sealedBotToken));
  const { type } = endpoint;
  if (type !== 'flow' && !isLegacyEndpointType(type)) {
    return { ...pluginDestinationView(endpoint, secretBox), ...common, type };
  }
  switch (type) {
    case 'telegram':
      return {
        ...common,
        type,
        chatId: endpoint.value,
        threadId: endpoint.threadId ?? null,
        botToken: botToken(),
      };
    case 'bale':
      return { ...common, type, chatId: endpoint.value, botToken: botToken() };
    case 'flow':
      return { ...common, type, steps: endpoint.steps ?? [] };
    default:
      return { ...common, type, value: destination(endpoint, secretBox, viewer) };
  }
}

function destination(endpoint: Endpoint, secretBox: SecretBox, viewer: Actor): string {
  if (!endpoint.sealedValue) return endpoint.value;
  const url = secretBox.decrypt(endpoint.sealedValue);
  return endpointPolicy.canManage(viewer, { ownerId: endpoint.owner.id }) ? url : maskSecret(url);
}
