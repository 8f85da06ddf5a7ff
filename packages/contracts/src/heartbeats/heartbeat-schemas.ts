import { z } from 'zod';

export const heartbeatStateSchema = z
  .enum(['new', 'up', 'late', 'down', 'paused'])
  .describe(
    '`new`: never pinged; `up`: on time; `late`: past its expected time, within the grace; `down`: fired; `paused`: not watched until resumed.',
  );

export const heartbeatViewSchema = z.object({
  instance: z.string().describe("The instance key (`?instance=`); empty for the rule's own heartbeat."),
  state: heartbeatStateSchema,
  lastPingAt: z.iso.datetime().nullable(),
  lastPingKind: z.enum(['success', 'start', 'fail']).nullable(),
  lastExitStatus: z.number().int().nullable(),
  lastRunId: z.string().nullable().describe('The `rid` of the last ping.'),
  lastBody: z
    .string()
    .nullable()
    .describe("The last ping's body, its first 10,000 bytes: the job's log tail."),
  lastStartedAt: z.iso.datetime().nullable(),
  lateAt: z.iso.datetime().nullable().describe('When the next success ping is expected.'),
  downAt: z.iso.datetime().nullable().describe('When the rule fires if it has not come.'),
  pings: z.number().int(),
});

export const heartbeatRuleViewSchema = z.object({
  ruleId: z.string(),
  pingUrl: z
    .string()
    .nullable()
    .describe("The rule's ping URL (it carries the token): shown to the rule's admins only."),
  heartbeats: z.array(heartbeatViewSchema),
});

export const heartbeatControlBody = z.object({
  instance: z
    .string()
    .max(200)
    .optional()
    .describe("One heartbeat's instance key (empty: the rule's own); absent: every heartbeat of the rule."),
});

export type HeartbeatControlBody = z.infer<typeof heartbeatControlBody>;
