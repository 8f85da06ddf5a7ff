import { z } from 'zod';
import { ALERT_STATE_VALUES } from './alert-rule-fields';

const state = z.enum(ALERT_STATE_VALUES);

/** The endpoints one behavior rule added or templated. */
const behaviorEndpointsSchema = z
  .object({ behaviorRuleId: z.string(), endpointIds: z.array(z.string()).readonly() })
  .readonly();

/** What the rule's behavior rules did to an event's notifications; absent when nothing. */
const behaviorRecordSchema = z.object({
  silencedBy: z.array(z.string()).readonly().optional(),
  routed: z.array(behaviorEndpointsSchema).readonly().optional(),
  templated: z.array(behaviorEndpointsSchema).readonly().optional(),
  /** Notification rules whose filters could not be decided within the event's matching budget. */
  undecided: z.array(z.string()).readonly().optional(),
});

const dataSourceNameSchema = z.object({ id: z.string(), name: z.string() });

/** One state change of a rule, as its history lists it. */
export const alertHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum([
    'fired',
    'refired',
    'status',
    'triggered',
    'resolved',
    'auto_resolved',
    'acknowledged',
    'test',
  ]),
  state: state.nullable(),
  ruleState: state,
  status: z
    .enum(['Firing', 'Resolved', 'Triggered', 'Acknowledged', 'Test'])
    .describe('The label legacy clients show for API alerts.'),
  alertname: z.string().nullable(),
  instance: z.string().nullable(),
  description: z.string().nullable(),
  episodeId: z.string().nullable(),
  actorId: z.string().nullable(),
  viaEndpointId: z
    .string()
    .nullable()
    .describe("For an acknowledgement through a message's link: the endpoint the page went through."),
  behavior: behaviorRecordSchema.optional(),
  labels: z
    .record(z.string(), z.string())
    .nullable()
    .describe("The labels of the alert the event is about (its instance's); null for events about no alert."),
  annotations: z
    .record(z.string(), z.string())
    .nullable()
    .describe("The alert's annotations as the event recorded them."),
  details: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      "The alert's source-specific facts (its instance's: a link, a host, the issue's page at its source).",
    ),
  summary: z.string().nullable(),
  dataSource: dataSourceNameSchema
    .nullable()
    .describe(
      'The data source the alert came through, as ingestion recorded it; for an event recorded without ' +
        'one, the rule’s data source when it lists exactly one.',
    ),
  batch: z
    .object({ fired: z.number().int(), resolved: z.number().int() })
    .nullable()
    .describe(
      'Of the alerts the payload, poll or evaluation run that made the event applied to the rule, how ' +
        'many fired and how many resolved; null for an event made alone.',
    ),
  createdAt: z.string(),
});

export const firingInstanceSchema = z.object({
  id: z.string(),
  alertname: z.string().nullable(),
  instance: z.string(),
  state,
  description: z.string().nullable(),
  summary: z.string().nullable(),
  labels: z.record(z.string(), z.string()).nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  annotations: z
    .record(z.string(), z.string())
    .nullable()
    .describe("The annotations the instance's episode opened with."),
  dataSource: dataSourceNameSchema
    .nullable()
    .describe("The data source the episode's first alert came through (as a history entry's)."),
  firedAt: z.string(),
  lastSeenAt: z.string(),
  acknowledgedAt: z.string().nullable(),
});

/** The instances firing now, and for a rule the service evaluates, its last and next run. */
export const triggeredViewSchema = z.object({
  alertRuleId: z.string(),
  type: z.string(),
  state,
  instances: z.array(firingInstanceSchema),
  check: z
    .object({
      status: z.enum(['ok', 'error', 'pending']),
      error: z.string().nullable(),
      document: z.record(z.string(), z.unknown()).nullable(),
      intervalSeconds: z.number(),
      lastRunAt: z.string().nullable(),
      nextRunAt: z.string(),
      failures: z.number().int().describe('Runs in a row that failed.'),
    })
    .optional(),
});
