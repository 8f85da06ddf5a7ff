import { z } from 'zod';
import { requiredText } from '../common/fields';
import { objectOf, type Strictness } from '../common/strictness';
import {
  booleanField,
  descriptionField,
  endpointIdList,
  groupByList,
  groupIntervalField,
  queryTypeError,
  repeatIntervalField,
  tagList,
  teamIdList,
  typeError,
  userIdList,
} from './alert-rule-fields';
import {
  type AlertRuleTypeCatalog,
  HOST_RULE_TYPE_FIELDS,
  type RuleTypeFields,
} from './alert-rule-type-fields';
import type { AlertRuleCreateInput, AlertRuleTypeFields } from './alert-rule-types';
import { scheduleTargetList } from './schedule-targets';

/** The fields every type shares, with the defaults a create fills in. */
export const alertRuleCommonShape = {
  name: requiredText('name'),
  description: descriptionField,
  showAcknowledgeBtn: booleanField('show acknowledge button').default(false),
  tags: tagList.default([]),
  userIds: userIdList.default([]),
  teamIds: teamIdList.default([]),
  endpointIds: endpointIdList.default([]),
  /** Schedules the rule pages directly, without a flow (docs/schedules.md). */
  scheduleTargets: scheduleTargetList.default([]),
  groupInterval: groupIntervalField.default(null),
  groupBy: groupByList.default([]),
  repeatInterval: repeatIntervalField.default(0),
};

// A type's own fields can never stand in for these: the host reads them for every rule.
const RESERVED_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'queryType',
  ...Object.keys(alertRuleCommonShape),
]);

/** A type's own fields, without any that would shadow a common one. */
function ownShape(fields: z.ZodObject): z.ZodRawShape {
  return Object.fromEntries(Object.entries(fields.shape).filter(([key]) => !RESERVED_FIELDS.has(key)));
}

/**
 * The object-level checks a type's fields carry (a refinement across fields), to run on the
 * variant: an object holding those fields and more, which such a check reads by name.
 */
function checksOf(fields: z.ZodObject): z.core.$ZodCheck<unknown>[] {
  return (fields._zod.def.checks ?? []) as z.core.$ZodCheck<unknown>[];
}

function atLeastOne<T>(items: readonly T[], what: string): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error(`${what}: there must be at least one`);
  return [first, ...rest];
}

/**
 * The schema of one type: `type`, then `base`, then the type's own fields; a union on `queryType`
 * for types with variants.
 */
function typeVariant<B extends z.ZodRawShape>(
  type: string,
  typeFields: RuleTypeFields,
  base: B,
  strictness: Strictness,
) {
  const variant = (fields: z.ZodObject, discriminator: z.ZodRawShape) =>
    objectOf({ type: z.literal(type), ...base, ...discriminator, ...ownShape(fields) }, strictness).check(
      ...checksOf(fields),
    );
  if ('fields' in typeFields) return variant(typeFields.fields, {});
  const variants = Object.entries(typeFields.byQueryType);
  return z.discriminatedUnion(
    'queryType',
    atLeastOne(
      variants.map(([queryType, fields]) => variant(fields, { queryType: z.literal(queryType) })),
      `the query types of rule type ${type}`,
    ),
    { error: queryTypeError(variants.map(([queryType]) => queryType)) },
  );
}

/** One schema per type, chosen by `type` (and `queryType` for types with variants). */
function typeUnion<B extends z.ZodRawShape>(catalog: AlertRuleTypeCatalog, base: B, strictness: Strictness) {
  const variants = [...catalog].map(([type, fields]) => typeVariant(type, fields, base, strictness));
  return z.discriminatedUnion('type', atLeastOne(variants, 'rule types'), {
    error: typeError([...catalog.keys()]),
  });
}

/**
 * zod infers a union built at run time from a catalog as a `Record<string, unknown>`; every variant
 * holds `type` and the base fields, which is what `T` says.
 */
function withOutput<T extends Readonly<Record<string, unknown>>>(
  schema: z.ZodType<Record<string, unknown>>,
): z.ZodType<T> {
  return schema as unknown as z.ZodType<T>;
}

/**
 * A create body: the common fields and the type's own, the shape chosen by `type` (and `queryType`
 * for types with variants).
 *
 * @example alertRuleCreateBodySchema(catalog, 'strip').parse({ type: 'api', name: 'Disk full' })
 */
export function alertRuleCreateBodySchema(
  catalog: AlertRuleTypeCatalog,
  strictness: Strictness,
): z.ZodType<AlertRuleCreateInput> {
  return withOutput<AlertRuleCreateInput>(typeUnion(catalog, alertRuleCommonShape, strictness));
}

/**
 * The type-specific fields of one rule, `type` included. An update merges what it sends into the
 * stored fields and checks the result against this, so a stored rule is always a valid one.
 */
export function alertRuleTypeFieldsSchema(catalog: AlertRuleTypeCatalog): z.ZodType<AlertRuleTypeFields> {
  return withOutput<AlertRuleTypeFields>(typeUnion(catalog, {}, 'strip'));
}

/** The create body of the host's rule types (`api`, `notification`), which need no plugin. */
export const alertRuleCreateBody = alertRuleCreateBodySchema(HOST_RULE_TYPE_FIELDS, 'strip');

/** The common fields of an update: every one optional and nothing defaulted. */
const updateCommonShape = {
  type: z.string({ error: 'The type must be a string.' }).max(64).optional(),
  name: requiredText('name').optional(),
  description: descriptionField,
  showAcknowledgeBtn: booleanField('show acknowledge button').optional(),
  tags: tagList.optional(),
  userIds: userIdList.optional(),
  teamIds: teamIdList.optional(),
  endpointIds: endpointIdList.optional(),
  scheduleTargets: scheduleTargetList.optional(),
  groupInterval: groupIntervalField.optional(),
  groupBy: groupByList.optional(),
  repeatInterval: repeatIntervalField.optional(),
};

/** A field as an update takes it: left out means unchanged, so its default does not apply. */
function withoutDefault(schema: z.core.$ZodType): z.core.$ZodType {
  const def: { type: string; innerType?: z.core.$ZodType } = schema._zod.def;
  return (def.type === 'default' || def.type === 'prefault') && def.innerType ? def.innerType : schema;
}

/**
 * One type-specific field of an update, which may belong to several types: accepted when one of
 * their schemas accepts it, else refused with the first one's issues. The rule's own type checks
 * it again once merged with what is stored.
 */
function updateField(schemas: readonly z.core.$ZodType[]): z.ZodType {
  const [only, ...others] = schemas;
  if (only !== undefined && others.length === 0) return z.optional(only);
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const outcomes = schemas.map((schema) => z.safeParse(schema, value));
      if (outcomes.some((outcome) => outcome.success)) return;
      for (const issue of outcomes[0]?.error?.issues ?? []) ctx.addIssue({ ...issue });
    })
    .optional();
}

/** Every type-specific field of the catalog's types, each with the distinct schemas it has. */
function typeFieldSchemas(catalog: AlertRuleTypeCatalog): Map<string, z.core.$ZodType[]> {
  const byField = new Map<string, z.core.$ZodType[]>();
  const add = (field: string, schema: z.core.$ZodType) => {
    const schemas = byField.get(field) ?? [];
    const bare = withoutDefault(schema);
    if (!schemas.includes(bare)) schemas.push(bare);
    byField.set(field, schemas);
  };
  for (const typeFields of catalog.values()) {
    const variants = 'fields' in typeFields ? [typeFields.fields] : Object.values(typeFields.byQueryType);
    if ('byQueryType' in typeFields) {
      const queryTypes = Object.keys(typeFields.byQueryType);
      add('queryType', z.enum(atLeastOne(queryTypes, 'query types'), { error: queryTypeError(queryTypes) }));
    }
    for (const fields of variants) {
      for (const [field, schema] of Object.entries(ownShape(fields))) add(field, schema);
    }
  }
  return byField;
}

/**
 * An update body: every field optional and nothing defaulted, so what is left out stays as it
 * is. Type-specific fields are the catalog's, checked here as any type takes them and against the
 * rule's own type by the use case. `type` may be sent back unchanged (clients echo their form) but
 * never changed.
 */
export function alertRuleUpdateBodySchema(catalog: AlertRuleTypeCatalog, strictness: Strictness) {
  const typeFields = Object.fromEntries(
    [...typeFieldSchemas(catalog)].map(([field, schemas]) => [field, updateField(schemas)]),
  );
  return objectOf({ ...updateCommonShape, ...typeFields }, strictness);
}
