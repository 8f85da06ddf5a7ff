import { maskSecret, type SecretBox } from '../crypto/secret-box';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';

interface EndpointCommonView {
  id: string;
  name: string;
  userId: string;
  accessUserIds: string[];
  accessTeamIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** An endpoint as clients read it: the destination fields depend on the type; a bot token is masked. */
export type EndpointView = EndpointCommonView &
  (
    | { type: 'sms' | 'call' | 'email' | 'teams' | 'matter-most'; value: string }
    | { type: 'telegram'; chatId: string; threadId: string | null; botToken: string }
    | { type: 'bale'; chatId: string; botToken: string }
    | { type: 'flow'; steps: FlowStep[] }
  );

/** Expects `accessUsers` and `accessTeams` populated. */
export function toEndpointView(endpoint: Endpoint, secretBox: SecretBox): EndpointView {
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
  switch (endpoint.type) {
    case 'telegram':
      return {
        ...common,
        type: endpoint.type,
        chatId: endpoint.value,
        threadId: endpoint.threadId ?? null,
        botToken: botToken(),
      };
    case 'bale':
      return { ...common, type: endpoint.type, chatId: endpoint.value, botToken: botToken() };
    case 'flow':
      return { ...common, type: endpoint.type, steps: endpoint.steps ?? [] };
    default:
      return { ...common, type: endpoint.type, value: endpoint.value };
  }
}
