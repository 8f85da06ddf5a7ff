import * as z from 'zod/mini';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';

/**
 * The parts of the server's answers the CLI reads, checked once at the edge. Loose objects: the
 * server may add fields (JSON output prints them all), it may not drop or retype these.
 */
const str = z.string();
const nstr = z.nullable(z.string());

export const userAnswer = z.looseObject({ id: str, username: str, name: str, role: str });

export const tokenAnswer = z.looseObject({
  accessToken: str,
  refreshToken: str,
  refreshExpiresIn: z.optional(z.number()),
  user: userAnswer,
});

export const ruleAnswer = z.looseObject({
  id: str,
  name: str,
  type: str,
  state: str,
  silentStatus: str,
  pinned: z.boolean(),
  tags: z.array(str),
  description: nstr,
  owner: z.looseObject({ username: str }),
  endpoints: z.array(z.looseObject({ id: str, name: str, type: str })),
  createdAt: str,
  updatedAt: str,
});
export type RuleAnswer = z.infer<typeof ruleAnswer>;

const pageOf = <T extends z.core.$ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    current_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    last_page: z.number(),
  });

export const rulePage = pageOf(ruleAnswer);
export type RulePage = z.infer<typeof rulePage>;

export const firingAlert = z.looseObject({
  id: str,
  alertRuleId: str,
  alertRuleName: str,
  name: nstr,
  instance: str,
  status: str,
  description: nstr,
  createdAt: str,
  updatedAt: str,
  acknowledgedAt: z.optional(nstr),
});
export type FiringAlert = z.infer<typeof firingAlert>;
export const firingAlerts = z.array(firingAlert);

export const historyRow = z.looseObject({
  id: str,
  kind: str,
  status: str,
  alertname: nstr,
  instance: nstr,
  description: nstr,
  createdAt: str,
});
export type HistoryRow = z.infer<typeof historyRow>;
export const historyPage = pageOf(historyRow);

const segment = z.looseObject({
  status: str,
  fromTime: z.number(),
  toTime: z.number(),
  changesCount: z.number(),
});
export const timelines = z.array(
  z.looseObject({
    alertRuleId: str,
    name: str,
    type: str,
    bucketSeconds: z.number(),
    segments: z.array(segment),
  }),
);
export type Timeline = z.infer<typeof timelines>[number];

export const actionAnswer = z.looseObject({ status: z.boolean(), message: str });

export const zones = z.array(z.looseObject({ id: str, name: str, type: str, url: str }));
export type Zone = z.infer<typeof zones>[number];

/** An answer that does not fit is a server error (exit 6), named with the first field that failed. */
export function read<T extends z.core.$ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new CliError(
    ExitCode.server,
    `The server's answer to ${what} is not what this CLI reads (at ${issue?.path.join('.') || '(root)'}: ${issue?.message}). Is the CLI older than the server?`,
  );
}

export const pingAnswer = z.looseObject({ status: z.boolean(), state: str });

export const heartbeatsAnswer = z.looseObject({
  ruleId: str,
  pingUrl: str,
  heartbeats: z.array(
    z.looseObject({ instance: str, state: str, lastPingAt: nstr, downAt: nstr, pings: z.number() }),
  ),
});

const onCallPerson = z.looseObject({ userId: str, name: str, overrideId: nstr });

export const schedulesAnswer = z.array(
  z.looseObject({ id: str, name: str, teamId: str, timeZone: str, layers: z.array(z.looseObject({})) }),
);

export const onCallAnswer = z.looseObject({
  at: str,
  onCall: z.array(onCallPerson),
  nextHandOffs: z.array(z.looseObject({ at: str, onCall: z.array(onCallPerson) })),
});
