import { z } from 'zod';
import { checkStatusSchema } from '../scheduled-checks/check-status-schema';
import { teamViewSchema } from '../teams/team-schemas';
import { userOptionSchema } from '../users/user-schemas';
import { ALERT_STATE_VALUES } from './alert-rule-fields';
import type { AlertRuleTypeCatalog } from './alert-rule-type-fields';
import { scheduleTargetViewSchema } from './schedule-targets';

export const alertRuleUserRefSchema = z.object({ id: z.string(), username: z.string(), name: z.string() });
export const alertRuleTeamRefSchema = z.object({ id: z.string(), name: z.string() });
export const alertRuleEndpointRefSchema = z.object({ id: z.string(), name: z.string(), type: z.string() });

/**
 * What a save did not stop at: `query_not_validated` when no data source could check the rule's
 * query (unreachable, timed out); the rule is saved and its runs show whether the query works.
 */
export const saveWarningSchema = z.object({ code: z.enum(['query_not_validated']), message: z.string() });

/** The catalog's types, for answers to document (answers are not checked against them). */
const typeOf = (catalog: AlertRuleTypeCatalog) => z.enum([...catalog.keys()]);

/**
 * A rule as every face shows it: the common fields, the type-specific fields flattened beside them
 * (as create accepts them), and the caller's view of it (`silentStatus`; `apiToken` for admins of
 * `api` and `notification` rules only).
 */
export const alertRuleViewSchema = (catalog: AlertRuleTypeCatalog) =>
  z.looseObject({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: typeOf(catalog),
    showAcknowledgeBtn: z.boolean(),
    userId: z.string().describe('The owner.'),
    owner: alertRuleUserRefSchema,
    users: z.array(alertRuleUserRefSchema),
    userIds: z.array(z.string()),
    teams: z.array(alertRuleTeamRefSchema),
    teamIds: z.array(z.string()),
    endpoints: z.array(alertRuleEndpointRefSchema),
    endpointIds: z.array(z.string()),
    scheduleTargets: z
      .array(scheduleTargetViewSchema)
      .describe('Schedules the rule pages directly, without a flow: everyone on call when it pages.'),
    dataSourceIds: z.array(z.string()),
    tags: z.array(z.string()),
    pinned: z.boolean(),
    groupInterval: z
      .number()
      .int()
      .nullable()
      .describe(
        'Seconds a group window gathers what follows a message; null: the instance default, 0: one page per instance.',
      ),
    groupBy: z.array(z.string()).describe('Label names whose values split the instances into groups.'),
    repeatInterval: z
      .number()
      .int()
      .describe('Seconds before an unacknowledged firing group is paged again; 0 never.'),
    silentStatus: z.enum(['silent', 'active']).describe('For the caller.'),
    state: z.enum(ALERT_STATE_VALUES),
    sourceUnreachableSince: z.iso
      .datetime()
      .nullable()
      .describe(
        'When the rule\'s "source unreachable" episode opened: its evaluation has failed past its threshold ' +
          '(`queryObject.unreachableAfterRuns`, `queryObject.unreachableAfter`). Null while none is open.',
      ),
    apiToken: z.string().optional().describe('Shown to admins of api and notification rules only.'),
    evaluation: checkStatusSchema
      .extend({
        unreachableSince: z.iso
          .datetime()
          .nullable()
          .describe(
            'When the failing runs that opened the "source unreachable" episode began; null while none is open.',
          ),
        document: z
          .record(z.string(), z.unknown())
          .nullable()
          .describe("The last run's check document: what it asked and what came back; null before a run."),
      })
      .optional()
      .describe(
        'Rules the service evaluates (text queries, and the types whose source plugin runs a check): how their runs go.',
      ),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    warnings: z
      .array(saveWarningSchema)
      .optional()
      .describe('On a create or update answer only, when the save went through with something to know.'),
  });

export const alertRuleDeleteResultSchema = z.object({
  status: z.boolean(),
  outcome: z.enum(['deleted', 'accessRemoved']),
  message: z.string(),
});

/** The answer of an action on a rule (acknowledge, resolve, test notification), as legacy clients read it. */
export const ruleActionAnswerSchema = z.object({ status: z.boolean(), message: z.string() });

export const alertRuleTagsViewSchema = z.object({ id: z.string(), tags: z.array(z.string()) });

export const alertRuleNotifyViewSchema = z.object({
  id: z.string(),
  endpoints: z.array(alertRuleEndpointRefSchema),
  endpointIds: z.array(z.string()),
  selectable: z.array(alertRuleEndpointRefSchema).describe('Endpoints the caller may attach.'),
});

export const alertRuleAccessViewSchema = z.object({
  id: z.string(),
  userId: z.string().describe('The owner.'),
  users: z.array(alertRuleUserRefSchema),
  userIds: z.array(z.string()),
  teams: z.array(alertRuleTeamRefSchema),
  teamIds: z.array(z.string()),
});

export const alertRuleCreateDataSchema = (catalog: AlertRuleTypeCatalog) =>
  z.object({
    types: z.array(typeOf(catalog)),
    endpoints: z.array(alertRuleEndpointRefSchema),
    users: z.array(alertRuleUserRefSchema),
    teams: z.array(alertRuleTeamRefSchema),
  });

/** One data source a list was read from; `error` says why it did not answer. */
const listSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  error: z.string().optional().describe('Why this data source did not answer; absent when it did.'),
});

const listMetaSchema = z.object({
  sources: z
    .array(listSourceSchema)
    .describe('The data sources asked, each with an error when it did not answer: a partial list says so.'),
});

/** A list read from data sources (rule names, labels, label values), sorted, without duplicates. */
export const sourceListSchema = z.object({ data: z.array(z.string()), meta: listMetaSchema });

/** One choice of a fixed pick list (a source plugin's `ruleOptions`): the value stored, the label read. */
const ruleOptionSchema = z.object({ value: z.string(), label: z.string() });

/**
 * A rule type's form options: each list read from its data sources (`lists`, the plugin's
 * `formLists.names`), each fixed pick list (`choices`, the keys of its `ruleOptions`), and `meta`.
 *
 * @example formOptionsSchema(['hosts', 'actions'], ['severities'])
 */
export function formOptionsSchema(lists: readonly string[], choices: readonly string[]) {
  return z.object({
    ...Object.fromEntries(lists.map((name) => [name, z.array(z.string())])),
    ...Object.fromEntries(choices.map((name) => [name, z.array(ruleOptionSchema)])),
    meta: listMetaSchema,
  });
}

/** The form options of any rule type: lists of names or of choices, by the rule field they fill, and `meta`. */
export const anyFormOptionsSchema = z
  .object({ meta: listMetaSchema })
  .catchall(z.union([z.array(z.string()), z.array(ruleOptionSchema)]));

/**
 * A label name as the Prometheus data model defines it (`[a-zA-Z_][a-zA-Z0-9_]*`): anything else names no label,
 * and would change the path of the label-values request it is put into.
 */
export const labelNameSchema = z
  .string()
  .max(255)
  .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'The label must be a label name ([a-zA-Z_][a-zA-Z0-9_]*).');

export const groupActionResultSchema = z.object({
  status: z.boolean(),
  matched: z.number().int().describe('Rules the filters matched among those the caller can see.'),
  changed: z.number().int(),
});

export const groupDeleteResultSchema = z.object({
  status: z.boolean(),
  matched: z.number().int(),
  deleted: z.number().int(),
  accessRemoved: z.number().int(),
  skipped: z.number().int().describe('Rules seen only through a team: nothing to remove for the caller.'),
});

export const groupAddResultSchema = z.object({
  status: z.boolean(),
  matched: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int().describe('Rules the caller does not administer.'),
});

export const batchNotifyResultSchema = z.object({
  status: z.boolean(),
  rules: z.number().int(),
  added: z.number().int().describe('New rule-endpoint links.'),
});

/**
 * The fields the original web UI reads beside a rule's own (`IAlertRule` in its
 * `src/@types/alertRule.ts`), added on REST next to the fields other clients read.
 */
export const alertRuleLegacyFieldsSchema = z.object({
  description: z
    .string()
    .describe(
      'Changed on REST: `""` for a rule saved without one (it was null); the legacy forms require a string.',
    ),
  status_label: z.enum(ALERT_STATE_VALUES).describe('`state`, under the legacy name.'),
  count_endpoints: z.number().int().describe("How many of the rule's endpoints the caller can see."),
  isPinned: z.boolean().describe('`pinned`, under the legacy name.'),
  is_silent: z.boolean().describe('`silentStatus` is `silent`: the caller silenced the rule.'),
  hasActionAccess: z.boolean().describe('The caller may edit and delete the rule.'),
  acknowledgedBy: z
    .string()
    .nullable()
    .describe("The id of who acknowledged the rule's firing alerts, while every one is acknowledged."),
  ownerName: z.string().describe("The owner's name (its username when it has none)."),
  dataSourceLabels: z
    .array(z.string())
    .optional()
    .describe("The names of the rule's data sources; only when it has some."),
  enableAutoResolve: z.boolean().describe('Only `api` rules auto-resolve; `false` for every other type.'),
  autoResolveMinutes: z
    .number()
    .int()
    .describe('Always a number: `0` when the rule does not auto-resolve (it was `null` before).'),
});

/** `alert-rule-notify/{id}` as the original web UI reads it (`IAlertRuleEndpoints`), beside the fields above. */
export const alertRuleNotifyLegacyViewSchema = alertRuleNotifyViewSchema.extend({
  alertEndpoints: z.array(alertRuleEndpointRefSchema).describe('`endpoints`, under the legacy name.'),
  selectableEndpoints: z.array(alertRuleEndpointRefSchema).describe('`selectable`, under the legacy name.'),
});

/** `alert-rule-user/{id}` as the original web UI reads it (`IAlertRuleAccess`), beside the fields above. */
export const alertRuleAccessLegacyViewSchema = alertRuleAccessViewSchema.extend({
  alertUsers: z.array(alertRuleUserRefSchema).describe('`users`, under the legacy name.'),
  alertTeams: z.array(alertRuleTeamRefSchema).describe('`teams`, under the legacy name.'),
  selectableUsers: z.array(userOptionSchema).describe('Every user but the caller.'),
  selectableTeams: z.array(teamViewSchema).describe('Every team.'),
});
