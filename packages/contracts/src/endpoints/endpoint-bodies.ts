import { z } from 'zod';
import { idField, idList, requiredText } from '../common/fields';
import { blankAsAbsent, objectOf, type Strictness } from '../common/strictness';
import {
  destinationOf,
  type EndpointCatalog,
  type EndpointDestinationFields,
  typeChoiceMessage,
} from './endpoint-catalog';
import { flowStepsSchema } from './flow-steps';
import { pluginBodyFields } from './plugin-destination-fields';

/** On update a secret destination field may be left out or sent back masked: the stored one is kept. */
export type EndpointBodyMode = 'create' | 'update';

const otpCode = blankAsAbsent(
  z
    .string({ error: 'The otp code must be a string.' })
    .trim()
    .max(32, 'The otp code may not be greater than 32 characters.'),
);

/**
 * The endpoint body, one shape per type of the catalog, in its order: the common fields, and the
 * type's destination fields as its channel plugin declares them: a type older than channel plugins
 * its legacy wire (`legacyEndpoint`, after the common ones), any other its `destinationSchema`
 * (before them); `otpCode` too when its destination is verified. `extra` adds fields to every
 * shape (the tRPC update's `id`).
 */
export function endpointBodySchema<E extends z.ZodRawShape>(options: {
  catalog: EndpointCatalog;
  mode: EndpointBodyMode;
  strictness: Strictness;
  extra: E;
}) {
  const { catalog, mode, strictness, extra } = options;
  const common = {
    ...extra,
    name: requiredText('name'),
    accessUserIds: idList('access user ids').optional(),
    accessTeamIds: idList('access team ids').optional(),
  };
  const flow = objectOf(
    { ...common, type: z.literal('flow'), steps: flowStepsSchema(strictness) },
    strictness,
  );
  const withDestination = (type: string, destination: EndpointDestinationFields) => {
    const otp: Record<string, z.ZodType> = catalog.otpTypes.includes(type) ? { otpCode } : {};
    if (destination.legacy !== undefined) {
      const wire = { ...destination.legacy.body(mode), ...otp };
      return withDestinationFields({ ...common, type: z.literal(type) }, wire, 'after', strictness);
    }
    const fields = { ...pluginBodyFields(destination, mode), ...otp };
    return withDestinationFields({ ...common, type: z.literal(type) }, fields, 'before', strictness);
  };
  const [first, ...rest] = catalog.types.map((type) => {
    return type === 'flow' ? flow : withDestination(type, destinationOf(catalog, type));
  });
  if (first === undefined) throw new Error('An endpoint catalog lists at least the flow type');
  return z.discriminatedUnion('type', [first, ...rest], { error: typeChoiceMessage(catalog.types) });
}

/**
 * An object of the `known` fields and a plugin's destination `fields` (its schemas, checked at run
 * time), typed as the known fields beside unknown ones: the plugin's fields are only known once the
 * plugins are loaded. `place` puts them before or after the known ones, which orders the errors.
 */
function withDestinationFields<S extends z.ZodRawShape>(
  known: S,
  fields: Readonly<Record<string, z.core.$ZodType>>,
  place: 'before' | 'after',
  strictness: Strictness,
): z.ZodObject<S, z.core.$loose> {
  const shape = place === 'before' ? { ...fields, ...known } : { ...known, ...fields };
  return objectOf(shape, strictness) as unknown as z.ZodObject<S, z.core.$loose>;
}

export const endpointChangeOwnerBody = z.object({ userId: idField('user id') });
