import { defineEntity, p } from '@mikro-orm/core';
import type { PeopleStep } from '@oncall/workflows';
import { newId } from './new-id';
import { Team } from './team.entity';
import { User } from './user.entity';

/** An endpoint type: a loaded channel plugin's (`serves.endpointType`, the registry's `endpointTypes`) or the host's `flow`. */
export type EndpointType = string;

/**
 * A flow step, as the design guide fixes it; a repeat step is only ever the last (docs/grouping.md).
 * A people step is stored as the workflows page it (`PeopleStep`), so there is one definition of it.
 */
export type FlowStep =
  | { type: 'wait'; duration: number; timeUnit: 's' | 'm' | 'h' }
  | { type: 'endpoint'; endpointIds: string[] }
  | { type: 'repeat'; rounds: number; fromStep?: number }
  | PeopleStep;

/**
 * Where notifications go. `type` is an endpoint type of a loaded channel plugin, or `flow`; the
 * plugin registry checks it, not the database. An endpoint keeps the fields of its channel's
 * destination schema in `destination` and the secret ones (a bot token, a webhook URL, an API key)
 * sealed as one JSON object in `sealedDestination`, whatever its type's age. A flow carries its
 * steps instead of a destination.
 */
const EndpointSchema = defineEntity({
  name: 'Endpoint',
  tableName: 'endpoints',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => newId()),
    name: p.string(),
    type: p.text().index(),
    steps: p.json<FlowStep[]>().nullable(),
    destination: p.json<Record<string, unknown>>().nullable(),
    sealedDestination: p.text().nullable(),
    owner: () => p.manyToOne(User).deleteRule('restrict').index(),
    accessUsers: () => p.manyToMany(User).pivotTable('endpoint_access_users').owner(),
    accessTeams: () => p.manyToMany(Team).pivotTable('endpoint_access_teams').owner(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export class Endpoint extends EndpointSchema.class {}
EndpointSchema.setClass(Endpoint);

export { EndpointSchema };
