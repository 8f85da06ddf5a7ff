import type { z } from 'zod';

/**
 * The endpoint types whose wire shape predates channel plugins: their fields, legacy aliases and
 * error texts are fixed by this package (telegram's `value` alias of `chatId`, a webhook URL in
 * `value`), whichever plugin serves them. Every other type a plugin serves takes its fields from the
 * plugin's `destinationSchema`.
 */
export const LEGACY_ENDPOINT_TYPES = [
  'sms',
  'call',
  'email',
  'telegram',
  'bale',
  'teams',
  'matter-most',
] as const;
export type LegacyEndpointType = (typeof LEGACY_ENDPOINT_TYPES)[number];

export function isLegacyEndpointType(type: string): type is LegacyEndpointType {
  return (LEGACY_ENDPOINT_TYPES as readonly string[]).includes(type);
}

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
 * Where an endpoint of a plugin-defined type delivers: the channel plugin's `destinationSchema`,
 * and its fields that are secrets (sealed at rest, masked in answers).
 *
 * @example { schema: z.object({ topic: z.string(), accessToken: z.string() }), secretFields: ['accessToken'] }
 */
export interface EndpointDestinationFields {
  readonly schema: z.ZodObject;
  readonly secretFields: readonly string[];
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
  /** The destination of each type that has no legacy wire shape (and is not `flow`). */
  readonly destinations: ReadonlyMap<string, EndpointDestinationFields>;
}

/** The error text of a type outside `types`, e.g. "The type must be one of sms, call, flow." */
export function typeChoiceMessage(types: readonly string[]): string {
  return `The type must be one of ${types.join(', ')}.`;
}

/** The destination fields of a plugin-defined type; a catalog is built to have them. */
export function destinationOf(catalog: EndpointCatalog, type: string): EndpointDestinationFields {
  const fields = catalog.destinations.get(type);
  if (fields === undefined) throw new Error(`The endpoint catalog has no destination fields for "${type}"`);
  return fields;
}
