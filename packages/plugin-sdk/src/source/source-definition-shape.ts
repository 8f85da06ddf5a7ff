import { z } from 'zod';
import type { AlertReceiver, ReceiverSetup } from './alert-receiver';
import type { ProbeStep } from './probe-plan';
import type { SourceRuleFields } from './rule-fields';
import type { AnySourceDefinition, AnyWebhookSourceDefinition } from './source';

// Duck-typed rather than `instanceof z.ZodType`: a third-party plugin may bring its own copy of zod.
const zodSchema = z.custom<z.ZodType>(
  (value) => typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value,
  'must be a zod v4 schema',
);

// Typed as the member it checks: zod cannot see a function's signature, TypeScript checked it.
const aFunction = <Member>() =>
  z.custom<Member>((value) => typeof value === 'function', 'must be a function');
type Hook<Name extends keyof AnyWebhookSourceDefinition> = NonNullable<AnyWebhookSourceDefinition[Name]>;

const isZodObject = (value: unknown): value is z.ZodObject =>
  typeof value === 'object' && value !== null && '_zod' in value && 'shape' in value;

const zodObjectSchema = z.custom<z.ZodObject>(isZodObject, 'must be a zod v4 object schema (z.object(...))');

const connectionShape = z.object({ schema: zodObjectSchema, secretFields: z.array(z.string()).readonly() });

const probeStepShape = z.object({
  method: z.enum(['GET', 'POST']),
  path: z.string().startsWith('/', 'must start with /'),
  query: z.record(z.string(), z.string()).optional(),
  json: z.unknown().optional(),
  accept: aFunction<NonNullable<ProbeStep['accept']>>().optional(),
});

const probeShape = z.object({
  // A tuple with a rest element: at least one step, typed as ProbePlan's steps are.
  steps: z.tuple([probeStepShape], probeStepShape),
  token: z.enum(['bearer', 'api-key', 'x-api-key', 'none']),
  basic: z.boolean(),
});

// A predicate rather than a zod union: a union's error would not say which shapes are allowed.
const ruleFieldsShape = z.custom<SourceRuleFields>((value) => {
  if (typeof value !== 'object' || value === null) return false;
  const { fields, byQueryType, singleSource, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || (singleSource !== undefined && singleSource !== true)) return false;
  if (byQueryType === undefined) return isZodObject(fields);
  if (fields !== undefined || typeof byQueryType !== 'object' || byQueryType === null) return false;
  const variants = Object.entries(byQueryType);
  return (
    variants.length > 0 &&
    variants.every(([queryType, schema]) => /^[a-z][a-zA-Z0-9]*$/.test(queryType) && isZodObject(schema))
  );
}, 'must be { fields: z.object(…) } or { byQueryType: { dynamic: z.object(…), … } }, optionally with singleSource: true');

/** What every source definition has, whether or not it takes webhooks. */
const commonShape = {
  id: z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, 'must be lowercase words joined by dashes'),
  displayName: z.string().min(1),
  // Underscores, not dashes: data source types are the contract's identifiers (`victoria_logs`).
  dataSourceType: z.string().regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'must be lowercase words joined by _'),
  capabilities: z.object({
    webhook: z.boolean(),
    resolves: z.boolean(),
    dataSources: z.boolean().optional(),
  }),
  evaluate: aFunction<Hook<'evaluate'>>().optional(),
  validateQuery: aFunction<Hook<'validateQuery'>>().optional(),
  pollAlerts: aFunction<Hook<'pollAlerts'>>().optional(),
  listRules: aFunction<Hook<'listRules'>>().optional(),
  listLabels: aFunction<Hook<'listLabels'>>().optional(),
  listLabelValues: aFunction<Hook<'listLabelValues'>>().optional(),
  formLists: z
    .object({
      names: z.array(z.string().min(1)).readonly(),
      read: aFunction<Hook<'formLists'>['read']>(),
    })
    .optional(),
  connection: connectionShape.optional(),
  probe: probeShape.optional(),
  ruleFields: ruleFieldsShape.optional(),
  ruleOptions: z
    .record(z.string(), z.array(z.object({ value: z.string(), label: z.string().min(1) })).readonly())
    .optional(),
  matches: aFunction<Hook<'matches'>>().optional(),
  heartbeat: z.object({ deadline: aFunction<Hook<'heartbeat'>['deadline']>() }).optional(),
  legacyRuleFormPick: z.boolean().optional(),
  legacyView: z
    .object({
      historyRow: aFunction<Hook<'legacyView'>['historyRow']>(),
      firingItem: aFunction<NonNullable<Hook<'legacyView'>['firingItem']>>().optional(),
    })
    .optional(),
};

/** What a source that takes webhooks has besides: its payload, how to read it, real examples. */
const webhookShape = {
  payloadSchema: zodSchema,
  normalize: aFunction<Hook<'normalize'>>(),
  fingerprint: aFunction<Hook<'fingerprint'>>().optional(),
  batchField: z.string().min(1).optional(),
  fixtures: z.array(
    z.looseObject({
      name: z.string().min(1),
      payload: z.unknown(),
      expectedStatuses: z.array(z.enum(['firing', 'resolved'])),
    }),
  ),
  receivers: z
    .array(
      z.object({
        path: z.string().regex(/^\/[a-z0-9/_-]*[a-z0-9]$/, 'must be a path, like /api/v2/alerts'),
        body: z.object({ name: z.string().regex(/^[A-Z][A-Za-z0-9]*$/), description: z.string().min(1) }),
        refusal: z.string().min(1),
        batchField: z.string().optional(),
        read: aFunction<AlertReceiver['read']>(),
        setup: z
          .object({
            field: z.string().regex(/^[a-z][a-zA-Z0-9]*$/, 'must be a camelCase field name'),
            description: z.string().min(1),
            schema: zodObjectSchema,
            show: aFunction<ReceiverSetup['show']>(),
          })
          .optional(),
      }),
    )
    .optional(),
};

function checkConnectionSecrets(
  definition: { connection?: { schema: z.ZodObject; secretFields: readonly string[] } },
  issues: z.RefinementCtx,
): void {
  for (const field of definition.connection?.secretFields ?? []) {
    if (!(field in (definition.connection?.schema.shape ?? {}))) {
      issues.addIssue({
        code: 'custom',
        path: ['connection', 'secretFields'],
        message: `names "${field}", which the schema lacks`,
      });
    }
  }
}

const webhookSourceShape = z
  .looseObject({ ...commonShape, ...webhookShape })
  .superRefine(checkConnectionSecrets);
const queryOnlySourceShape = z.looseObject(commonShape).superRefine(checkConnectionSecrets);

/**
 * Only a definition that says it takes no webhooks is held to the query-only shape: anything else
 * (a channel, a half-written source) is told everything a webhook source lacks.
 */
function shapeFor(value: unknown) {
  const says = z.object({ capabilities: z.object({ webhook: z.literal(false) }) }).safeParse(value);
  return says.success ? queryOnlySourceShape : webhookSourceShape;
}

/**
 * Checks at run time that a value is a source definition (what `defineSource` returns), for
 * modules the host imports by name. Returns a readable reason when it is not.
 *
 * @example
 * const checked = checkSourceDefinition(module.default);
 * if (!checked.ok) throw new Error(checked.reason);
 */
export function checkSourceDefinition(
  value: unknown,
):
  | { readonly ok: true; readonly definition: AnySourceDefinition }
  | { readonly ok: false; readonly reason: string } {
  const parsed = shapeFor(value).safeParse(value);
  // Parsed by the shape of its kind, so a webhook source has its payload members (zod cannot say
  // which of the union's members `capabilities.webhook` chose).
  if (parsed.success) return { ok: true, definition: parsed.data as AnySourceDefinition };
  return { ok: false, reason: z.prettifyError(parsed.error) };
}
