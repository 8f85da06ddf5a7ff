import { defineEntity, p } from '@mikro-orm/core';
import { newId } from './new-id';
import { Team } from './team.entity';
import { User } from './user.entity';

export const ENDPOINT_TYPES = [
  'sms',
  'call',
  'email',
  'telegram',
  'bale',
  'teams',
  'matter-most',
  'flow',
] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];

/** A flow step, as the design guide fixes it. */
export type FlowStep =
  | { type: 'wait'; duration: number; timeUnit: 's' | 'm' | 'h' }
  | { type: 'endpoint'; endpointIds: string[] };

/**
 * Where notifications go. `value` is the destination (number, address, chat id); a destination
 * that is itself a credential (a Teams or Mattermost webhook URL) is sealed in `sealedValue`
 * instead, `value` then empty. A bot token is sealed; a flow carries its steps instead of a
 * destination.
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
    type: p.enum([...ENDPOINT_TYPES]).index(),
    value: p.text(),
    sealedValue: p.text().nullable(),
    threadId: p.string().nullable(),
    sealedBotToken: p.text().nullable(),
    steps: p.json<FlowStep[]>().nullable(),
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
