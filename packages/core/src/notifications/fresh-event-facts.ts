import type { MikroORM } from '@mikro-orm/core';
import { LRUCache } from 'lru-cache';
import type { AlertEventKind } from '../entities/alert-event.entity';
import type { AlertState } from '../entities/alert-rule.entity';

/** What an alert message is made of: the event, its rule and who did it, as one read gives them. */
export interface EventMessageFacts {
  rule_id: string;
  episode_id: string | null;
  kind: AlertEventKind;
  state: AlertState | null;
  rule_state: AlertState;
  alertname: string | null;
  instance: string | null;
  description: string | null;
  /** The event's summary (`payload.summary`). */
  summary: string | null;
  /** The instance's labels (text on some drivers); null for rule-level events. */
  labels: Record<string, string> | string | null;
  created_at: Date | string;
  rule_name: string;
  rule_type: string;
  show_acknowledge_btn: boolean;
  has_behavior_rules: boolean;
  actor_name: string | null;
  via_endpoint_name: string | null;
}

/**
 * The message facts of openings this process just recorded, by event id, so that the page its
 * direct dispatch sends right after the commit needs no read of them. Only a hint: a miss (another
 * process, a takeover after a crash, a retry later on) reads the event from the table, and an entry
 * is forgotten after `FRESH_FOR_MS`, so a later send sees the rule as it is then, as the other
 * send-time caches (routes, endpoints, provider configs) do. An entry written in a transaction that
 * rolls back is never asked for: its event and its pages are gone with it.
 */
export interface FreshEventFacts {
  remember(alertEventId: string, facts: EventMessageFacts): void;
  recall(alertEventId: string): EventMessageFacts | undefined;
}

/** A page is sent moments after its opening commits; a rule renamed reaches pages within this. */
const FRESH_FOR_MS = 2_000;
/** Far above what two seconds of paging openings can be; the oldest go first beyond it. */
const MAX_FRESH = 10_000;

// One per database (per ORM): the ingestion that records openings and the messages that render
// them share it only when they run in one process over one ORM, which is exactly when the facts are
// the committed row's.
const byOrm = new WeakMap<MikroORM, FreshEventFacts>();

/** The fresh facts of `orm`'s database in this process. */
export function freshEventFactsOf(orm: MikroORM): FreshEventFacts {
  const existing = byOrm.get(orm);
  if (existing) return existing;
  const entries = new LRUCache<string, EventMessageFacts>({ max: MAX_FRESH, ttl: FRESH_FOR_MS });
  const created: FreshEventFacts = {
    remember: (alertEventId, facts) => {
      entries.set(alertEventId, facts);
    },
    recall: (alertEventId) => entries.get(alertEventId),
  };
  byOrm.set(orm, created);
  return created;
}
