import type { Actor } from '../auth/actor';
import type { SecretBox } from '../crypto/secret-box';
import type { AlertRuleType, AlertState } from '../entities/alert-rule.entity';
import { alertRulePolicy } from '../policy/alert-rule-policy';
import type { SaveWarning } from './query-validation';

export interface RuleUserRef {
  id: string;
  username: string;
  name: string;
}

export interface RuleTeamRef {
  id: string;
  name: string;
}

export interface RuleEndpointRef {
  id: string;
  name: string;
  /** An endpoint type of a loaded channel plugin, or `flow`. */
  type: string;
}

/** A schedule the rule pages directly; `id` is the target's, the delivery log's `flowEndpointId`. */
export interface RuleScheduleTarget {
  id: string;
  scheduleId: string;
  /** Null when the viewer may not use the schedule. */
  scheduleName: string | null;
  ifNobodyOnCall: 'nobody' | 'teamAdmins';
  urgency: 'default' | 'high';
  roundRobin: boolean;
}

export type SilentStatus = 'silent' | 'active';

/** The fields every rule shows, whatever its type. */
export interface AlertRuleBaseView {
  id: string;
  name: string;
  description: string | null;
  type: AlertRuleType;
  showAcknowledgeBtn: boolean;
  /** The owner's id, as legacy clients read it. */
  userId: string;
  owner: RuleUserRef;
  users: RuleUserRef[];
  userIds: string[];
  teams: RuleTeamRef[];
  teamIds: string[];
  endpoints: RuleEndpointRef[];
  endpointIds: string[];
  /** Schedules the rule pages directly, without a flow. */
  scheduleTargets: RuleScheduleTarget[];
  dataSourceIds: string[];
  tags: string[];
  pinned: boolean;
  /** Seconds a group window gathers what follows a message; null: the instance default, 0: none. */
  groupInterval: number | null;
  /** Label names whose values split the rule's instances into groups. */
  groupBy: string[];
  /** Seconds before an unacknowledged firing group is paged again; 0 never. */
  repeatInterval: number;
  /** For the caller: silence is per user. */
  silentStatus: SilentStatus;
  state: AlertState;
  /**
   * When the rule's "source unreachable" episode opened (its evaluation failed past its threshold);
   * null while none is open. The rule's `state` is then at least `critical`: the episode pages.
   */
  sourceUnreachableSince: string | null;
  /** The ingestion token of `api` and `notification` rules, for the rule's admins only. */
  apiToken?: string;
  createdAt: string;
  updatedAt: string;
  /** On the answer of a create or update only: what the save did not stop at (`QueryValidator`). */
  warnings?: SaveWarning[];
}

/**
 * A rule as every face shows it: the common fields plus its type-specific fields flattened beside
 * them, as create accepts them (`queryType`, `minutes`, …). Their shape is chosen by `type`.
 */
export type AlertRuleView = AlertRuleBaseView & { readonly [typeField: string]: unknown };

/** One rule as read by `ruleRows`: columns plus the related records aggregated as JSON. */
export interface AlertRuleRow {
  id: string;
  name: string;
  description: string | null;
  type: AlertRuleType;
  showAcknowledgeBtn: boolean;
  settings: Record<string, unknown>;
  tags: string[];
  pinned: boolean;
  groupInterval: number | null;
  groupBy: string[];
  repeatInterval: number;
  state: AlertState;
  sourceUnreachableSince: Date | string | null;
  sealedToken: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  ownerId: string;
  ownerUsername: string;
  ownerName: string;
  users: RuleUserRef[];
  teams: RuleTeamRef[];
  endpoints: RuleEndpointRef[];
  scheduleTargets: RuleScheduleTarget[];
  dataSourceIds: string[];
  silenced: boolean;
}

/**
 * A rule as the caller sees it. `singleSource`: its type names one data source (`dataSourceId`,
 * shown beside `dataSourceIds`) rather than a list.
 */
export function toAlertRuleView(
  row: AlertRuleRow,
  actor: Actor,
  box: SecretBox,
  singleSource: boolean,
): AlertRuleView {
  // Only rules of a type with tokens are issued one (`hasRuleToken`), so having one is the test.
  const showToken = row.sealedToken && alertRulePolicy.canAdminister(actor, row);
  const base: AlertRuleBaseView = {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    showAcknowledgeBtn: row.showAcknowledgeBtn,
    userId: row.ownerId,
    owner: { id: row.ownerId, username: row.ownerUsername, name: row.ownerName },
    users: row.users,
    userIds: row.users.map((u) => u.id),
    teams: row.teams,
    teamIds: row.teams.map((t) => t.id),
    endpoints: row.endpoints,
    endpointIds: row.endpoints.map((e) => e.id),
    scheduleTargets: row.scheduleTargets,
    dataSourceIds: row.dataSourceIds,
    tags: row.tags,
    pinned: row.pinned,
    groupInterval: row.groupInterval,
    groupBy: row.groupBy,
    repeatInterval: row.repeatInterval,
    silentStatus: row.silenced ? 'silent' : 'active',
    state: row.state,
    sourceUnreachableSince: row.sourceUnreachableSince ? isoTime(row.sourceUnreachableSince) : null,
    ...(showToken && row.sealedToken ? { apiToken: box.decrypt(row.sealedToken) } : {}),
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
  };
  const single = singleSource ? { dataSourceId: row.dataSourceIds[0] ?? null } : {};
  // A stored type field can never stand in for a common one.
  const typeFields = Object.entries({ ...row.settings, ...single }).filter(([key]) => !isBaseField(key));
  return { ...base, ...Object.fromEntries(typeFields) };
}

const BASE_FIELDS: Record<keyof AlertRuleBaseView, true> = {
  id: true,
  name: true,
  description: true,
  type: true,
  showAcknowledgeBtn: true,
  userId: true,
  owner: true,
  users: true,
  userIds: true,
  teams: true,
  teamIds: true,
  endpoints: true,
  endpointIds: true,
  scheduleTargets: true,
  dataSourceIds: true,
  tags: true,
  pinned: true,
  groupInterval: true,
  groupBy: true,
  repeatInterval: true,
  silentStatus: true,
  state: true,
  sourceUnreachableSince: true,
  apiToken: true,
  createdAt: true,
  updatedAt: true,
  warnings: true,
};

function isBaseField(key: string): boolean {
  return Object.hasOwn(BASE_FIELDS, key);
}

/** The type-specific fields of a view, for faces that show them apart from the common ones. */
export function typeFieldsOf(view: AlertRuleView): Record<string, unknown> {
  return Object.fromEntries(Object.entries(view).filter(([key]) => !isBaseField(key)));
}

function isoTime(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
