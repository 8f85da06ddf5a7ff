import { z } from 'zod';
import { destinationOf, type EndpointCatalog } from './endpoint-catalog';
import { pluginViewFields } from './plugin-destination-fields';

const flowStepView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('wait'), duration: z.number().int(), timeUnit: z.enum(['s', 'm', 'h']) }),
  z.object({ type: z.literal('endpoint'), endpointIds: z.array(z.string()) }),
  z.object({ type: z.literal('repeat'), rounds: z.number().int(), fromStep: z.number().int().optional() }),
  z.object({
    type: z.literal('schedule'),
    scheduleId: z.string(),
    ifNobodyOnCall: z.enum(['nextStep', 'teamAdmins']).optional(),
    urgency: z.enum(['default', 'high']).optional(),
    roundRobin: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('rotation'),
    scheduleId: z.string(),
    rotationId: z.string(),
    ifNobodyOnCall: z.enum(['nextStep', 'teamAdmins']).optional(),
    urgency: z.enum(['default', 'high']).optional(),
  }),
  z.object({ type: z.literal('user'), userId: z.string(), urgency: z.enum(['default', 'high']).optional() }),
  z.object({
    type: z.literal('team'),
    teamId: z.string(),
    urgency: z.enum(['default', 'high']).optional(),
    roundRobin: z.boolean().optional(),
  }),
]);

const common = {
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  accessUserIds: z.array(z.string()),
  accessTeamIds: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/**
 * An endpoint as every read and write answers it, one shape per type of the catalog; the fields
 * beside the common ones depend on `type`: a type older than channel plugins answers its legacy
 * view (its plugin's `legacyEndpoint`), any other its destination fields, secret ones masked.
 */
export function endpointViewSchemaFor(catalog: EndpointCatalog) {
  const [first, ...rest] = catalog.types.map((type) => {
    if (type === 'flow')
      return z.object({ ...common, type: z.literal('flow'), steps: z.array(flowStepView) });
    const destination = destinationOf(catalog, type);
    const fields = destination.legacy?.view.shape ?? pluginViewFields(destination);
    return z.object({ ...fields, ...common, type: z.literal(type) });
  });
  if (first === undefined) throw new Error('An endpoint catalog lists at least the flow type');
  return z.discriminatedUnion('type', [first, ...rest]);
}
