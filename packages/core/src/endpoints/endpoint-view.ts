import type { EndpointCatalog, LegacyEndpointWire } from '@oncall/contracts';
import type { Actor } from '../auth/actor';
import { maskSecret, type SecretBox } from '../crypto/secret-box';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { endpointPolicy } from '../policy/endpoint-policy';
import { openJson } from '../provider-configs/sealed-json';
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
 * An endpoint as clients read it: a flow's steps, or the destination fields of its type, every
 * secret masked (a secret its plugin's `legacyEndpoint` shows to managers only to whoever may not
 * manage the endpoint).
 */
export type EndpointView = EndpointCommonView &
  ({ type: 'flow'; steps: FlowStep[] } | { type: string; [field: string]: unknown });

/**
 * As `viewer` may see it. Expects `accessUsers` and `accessTeams` populated. A type older than
 * channel plugins answers its legacy view's fields, in their order, after the common ones.
 */
export function toEndpointView(
  endpoint: Endpoint,
  secretBox: SecretBox,
  viewer: Actor,
  catalog: EndpointCatalog,
): EndpointView {
  const common: EndpointCommonView = {
    id: endpoint.id,
    name: endpoint.name,
    userId: endpoint.owner.id,
    accessUserIds: endpoint.accessUsers.getItems().map((u) => u.id),
    accessTeamIds: endpoint.accessTeams.getItems().map((t) => t.id),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
  const { type } = endpoint;
  if (type === 'flow') return { ...common, type, steps: endpoint.steps ?? [] };
  const fields = catalog.destinations.get(type);
  if (fields?.legacy === undefined) {
    return { ...pluginDestinationView(endpoint, secretBox), ...common, type };
  }
  const canManage = endpointPolicy.canManage(viewer, { ownerId: endpoint.owner.id });
  return {
    ...common,
    type,
    ...legacyView(endpoint, secretBox, fields.legacy, fields.secretFields, canManage),
  };
}

/**
 * The legacy view's fields from the stored destination. A secret shown to managers is unmasked to
 * one; a field with nothing stored answers what the first release did: `null` where the view takes
 * it (a thread), otherwise `""`.
 */
function legacyView(
  endpoint: Endpoint,
  box: SecretBox,
  wire: LegacyEndpointWire,
  secretFields: readonly string[],
  canManage: boolean,
): Record<string, unknown> {
  const stored = endpoint.destination ?? {};
  const secrets = openJson(box, endpoint.sealedDestination);
  const view: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(wire.view.shape)) {
    if (secretFields.includes(field)) {
      const secret = secrets[field];
      const shown = canManage && wire.shownToManagers?.includes(field) === true;
      view[field] = shown ? (secret ?? '') : maskSecret(secret);
    } else {
      view[field] = stored[field] ?? (schema.safeParse(null).success ? null : '');
    }
  }
  return view;
}
