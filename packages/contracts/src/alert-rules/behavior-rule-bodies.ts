import { z } from 'zod';
import { idField, requiredText } from '../common/fields';

/** The kinds of behavior rule, chosen by `type` in the body. */
export const BEHAVIOR_RULE_KINDS = ['notification', 'template', 'silent'] as const;
export type BehaviorRuleKind = (typeof BEHAVIOR_RULE_KINDS)[number];

/** The states of a depended-on rule that silence the rule a silent behavior rule belongs to. */
export const BEHAVIOR_TRIGGER_STATES = ['resolved', 'critical'] as const;

/** Most entries in each list of a behavior rule (filters, endpoints, dependencies). */
export const MAX_BEHAVIOR_LIST_ITEMS = 50;
/** Largest template, in UTF-8 bytes. */
export const MAX_BEHAVIOR_TEMPLATE_BYTES = 16 * 1024;

const KIND_ERROR = 'The type must be notification, template or silent.';

const utf8 = new TextEncoder();

const boundedIds = (label: string, what: string) =>
  z
    .array(idField(label), { error: `The ${label} must be an array.` })
    .min(1, `Select at least one ${what}.`)
    .max(MAX_BEHAVIOR_LIST_ITEMS, `The ${label} may not have more than ${MAX_BEHAVIOR_LIST_ITEMS} items.`);

/** `null` and `""` mean no name, as for other optional texts. */
const nameField = z
  .string({ error: 'The name must be a string.' })
  .trim()
  .max(255, 'The name may not be greater than 255 characters.')
  .nullish()
  .transform((name) => name || null);

/** Filter patterns are checked further by the use case (their syntax lives in the core). */
const filterList = z
  .array(
    z.object(
      {
        key: requiredText('key', 255),
        value: z
          .string({ error: 'The value must be a string.' })
          .max(1000, 'The value may not be greater than 1000 characters.'),
      },
      { error: 'Each filter must be an object with key and value.' },
    ),
    { error: 'The filters must be an array.' },
  )
  .min(1, 'Add at least one filter.')
  .max(MAX_BEHAVIOR_LIST_ITEMS, `The filters may not have more than ${MAX_BEHAVIOR_LIST_ITEMS} items.`);

const templateField = z
  .string({ error: 'The template field is required.' })
  .min(1, 'The template field is required.')
  .refine((text) => utf8.encode(text).length <= MAX_BEHAVIOR_TEMPLATE_BYTES, {
    message: `The template may not be larger than ${MAX_BEHAVIOR_TEMPLATE_BYTES / 1024} KiB.`,
  });

/**
 * A maintenance window of a silent rule: wall-clock times in `timeZone`, once or every week. Their
 * format is checked here; that they are real times, in order, in a known zone, by the core.
 */
const localDateTime = (label: string) =>
  z
    .string({ error: `The ${label} must be a local date and time such as 2026-11-28T22:00.` })
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/,
      `The ${label} must be a local date and time such as 2026-11-28T22:00.`,
    );

const maintenanceField = z.object(
  {
    from: localDateTime('from'),
    to: localDateTime('to'),
    timeZone: z
      .string({ error: 'The time zone must be a name such as Europe/Berlin.' })
      .min(1, 'The time zone must be a name such as Europe/Berlin.')
      .max(64),
    weekly: z.boolean({ error: 'The weekly field must be true or false.' }).optional(),
  },
  { error: 'The maintenance window must be an object with from, to and timeZone.' },
);

const triggerStateField = z.enum(BEHAVIOR_TRIGGER_STATES, {
  error: 'The trigger state must be resolved or critical.',
});

/** Each kind's own fields, without `type` and `name`. */
export const behaviorRuleKindShapes = {
  notification: { filters: filterList, endpointIds: boundedIds('endpoint ids', 'endpoint') },
  template: { endpointIds: boundedIds('endpoint ids', 'endpoint'), template: templateField },
  silent: {
    // May be empty when a maintenance window is given (checked by the core).
    dependsOnAlertRuleIds: z
      .array(idField('depends on alert rule ids'), {
        error: 'The depends on alert rule ids must be an array.',
      })
      .max(
        MAX_BEHAVIOR_LIST_ITEMS,
        `The depends on alert rule ids may not have more than ${MAX_BEHAVIOR_LIST_ITEMS} items.`,
      ),
    triggerState: triggerStateField,
    maintenance: maintenanceField.nullish(),
  },
} as const;

const kindBody = <K extends BehaviorRuleKind>(kind: K) =>
  z.object({ type: z.literal(kind), name: nameField, ...behaviorRuleKindShapes[kind] });

/** What a stored rule of each kind must satisfy; an update's merged fields are checked again with it. */
export const behaviorRuleKindSchemas = {
  notification: kindBody('notification'),
  template: kindBody('template'),
  silent: kindBody('silent'),
};

/** POST: one kind's body, chosen by `type`. Unknown fields are dropped. */
export const behaviorRuleCreateBody = z.discriminatedUnion(
  'type',
  [behaviorRuleKindSchemas.notification, behaviorRuleKindSchemas.template, behaviorRuleKindSchemas.silent],
  { error: KIND_ERROR },
);

/**
 * PUT: any field of any kind, each checked on its own; the use case keeps the stored rule's kind,
 * merges the fields of that kind and checks the result as create would. `type` may be sent back
 * unchanged.
 */
export const behaviorRuleUpdateBody = z
  .object({
    type: z.enum(BEHAVIOR_RULE_KINDS, { error: KIND_ERROR }).optional(),
    name: nameField.optional(),
    ...behaviorRuleKindShapes.notification,
    ...behaviorRuleKindShapes.template,
    ...behaviorRuleKindShapes.silent,
  })
  .partial();

export type BehaviorRuleCreateInput = z.output<typeof behaviorRuleCreateBody>;
export type BehaviorRuleUpdateInput = z.output<typeof behaviorRuleUpdateBody>;

/** `POST /alert-rule-behavior-rule/{alertRuleId}/preview`: a template to render against the rule's last event. */
export const behaviorTemplatePreviewBody = z.object({ template: templateField });
