import type { z } from 'zod';

/**
 * Names every endpoint body or view carries beside the destination (and the tRPC update's `id`):
 * no destination field of a plugin may take one.
 */
export const RESERVED_ENDPOINT_FIELDS: readonly string[] = [
  'id',
  'name',
  'type',
  'userId',
  'accessUserIds',
  'accessTeamIds',
  'otpCode',
  'steps',
  'createdAt',
  'updatedAt',
];

/**
 * Where an endpoint of a type delivers: what people call the type (its channel plugin's
 * `serves.endpointLabel`, else its `displayName`), the delivery lane its plugin declares (`chat`
 * types may take a schedule's shift notices), the plugin's `destinationSchema`, its fields
 * that are secrets (sealed at rest, masked in answers), and, for a type older than channel
 * plugins, the wire clients know it by (the plugin's `legacyEndpoint`; without it the destination
 * fields are the wire).
 *
 * @example { label: 'ntfy push', lane: 'chat', schema: z.object({ topic: z.string(), accessToken: z.string() }), secretFields: ['accessToken'] }
 */
export interface EndpointDestinationFields {
  readonly label: string;
  readonly lane: 'page' | 'email' | 'chat';
  readonly schema: z.ZodObject;
  readonly secretFields: readonly string[];
  readonly legacy?: LegacyEndpointWire;
}

/**
 * An endpoint type's wire that predates channel plugins, as its plugin declares it (the plugin
 * SDK's `LegacyEndpoint`, which this package sits beside and does not import).
 */
export interface LegacyEndpointWire {
  /** The destination fields of a body, with the legacy names and messages. */
  readonly body: (mode: 'create' | 'update') => Readonly<Record<string, z.ZodType>>;
  /** The destination fields of an answer, in their order. */
  readonly view: z.ZodObject;
  /** Body fields older clients send instead of a destination field, e.g. `{ value: 'chatId' }`. */
  readonly aliases?: Readonly<Record<string, string>>;
  /** How messages name a field when its spelled-out name is not it, e.g. `{ value: 'webhook url' }`. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Secret fields answered in full to whoever may manage the endpoint, masked to the others. */
  readonly shownToManagers?: readonly string[];
}

/**
 * What the endpoint faces are built from, derived from the loaded channel plugins at start.
 *
 * @example
 * { types: ['sms', 'pager-hook', 'flow'], otpTypes: ['sms'], destinations: new Map([['pager-hook', pagerHookFields]]) }
 */
export interface EndpointCatalog {
  /** Every endpoint type users may create, in the order error texts list them (`flow` last). */
  readonly types: readonly string[];
  /** The types whose destination is verified by a one-time code before it becomes an endpoint. */
  readonly otpTypes: readonly string[];
  /** The destination of each type but `flow`. */
  readonly destinations: ReadonlyMap<string, EndpointDestinationFields>;
}

/** The error text of a type outside `types`, e.g. "The type must be one of sms, call, flow." */
export function typeChoiceMessage(types: readonly string[]): string {
  return `The type must be one of ${types.join(', ')}.`;
}

/** The destination fields of a type other than `flow`; a catalog is built to have them. */
export function destinationOf(catalog: EndpointCatalog, type: string): EndpointDestinationFields {
  const fields = catalog.destinations.get(type);
  if (fields === undefined) throw new Error(`The endpoint catalog has no destination fields for "${type}"`);
  return fields;
}
