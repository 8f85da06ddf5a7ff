import type { EntityManager } from '@mikro-orm/core';
import type { Actor } from '../auth/actor';
import { isId } from '../entities/new-id';
import { joinSql, type SqlFragment, selectRows, sql } from '../persistence/sql-fragment';
import { episodeRows } from './episode-rows';
import type { ReportFilter } from './report-filter';
import {
  isoOf,
  isoOrNull,
  olderThan,
  type Slice,
  type SliceQuery,
  sliceOf,
  slicesByParent,
} from './report-slice';

export const EPISODE_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
/** Resolved once resolved, acknowledged once acknowledged and not resolved, open otherwise. */
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];

export interface EpisodeView {
  id: string;
  ruleId: string;
  instanceId: string | null;
  alertname: string | null;
  instance: string | null;
  firedAt: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  status: EpisodeStatus;
}

export interface EpisodeFilter extends ReportFilter {
  statuses?: EpisodeStatus[];
}

interface EpisodeRow {
  id: string;
  ruleId: string;
  instanceId: string | null;
  alertname: string | null;
  instance: string | null;
  firedAt: unknown;
  acknowledgedAt: unknown;
  resolvedAt: unknown;
  parentId: string;
}

function statusCondition(statuses: EpisodeStatus[] | undefined): SqlFragment {
  if (!statuses?.length) return sql`true`;
  const any = statuses.map((status) => {
    if (status === 'resolved') return sql`ep."resolvedAt" is not null`;
    if (status === 'acknowledged') return sql`(ep."resolvedAt" is null and ep."acknowledgedAt" is not null)`;
    return sql`(ep."resolvedAt" is null and ep."acknowledgedAt" is null)`;
  });
  return sql`(${joinSql(any, ' or ')})`;
}

/** Episodes fired in the range on the reported rules, newest fire first. */
export async function listEpisodes(
  em: EntityManager,
  actor: Actor,
  filter: EpisodeFilter,
  slice: SliceQuery,
): Promise<Slice<EpisodeView>> {
  const rows = await selectRows<EpisodeRow>(
    em,
    sql`select ep.*, ep."ruleId" as "parentId" from (${episodeRows(actor, filter)}) as ep
         where ${statusCondition(filter.statuses)} and ${olderThan(sql`ep."firedAt"`, sql`ep.id`, slice.after)}
         order by ep."firedAt" desc, ep.id desc limit ${slice.first + 1}`,
  );
  const page = sliceOf(rows, slice.first);
  return { ...page, items: page.items.map(toEpisodeView) };
}

/** Each rule's newest episodes in one statement: a window per rule over the same rows. */
export async function episodesByRule(
  em: EntityManager,
  actor: Actor,
  ruleIds: readonly string[],
  filter: EpisodeFilter,
  slice: SliceQuery,
): Promise<Slice<EpisodeView>[]> {
  const ids = ruleIds.filter(isId);
  const rows = await selectRows<EpisodeRow>(
    em,
    sql`select * from (
          select ep.*, ep."ruleId" as "parentId",
                 row_number() over (partition by ep."ruleId" order by ep."firedAt" desc, ep.id desc) as n
            from (${episodeRows(actor, { ...filter, ruleIds: ids })}) as ep
           where ${statusCondition(filter.statuses)} and ${olderThan(sql`ep."firedAt"`, sql`ep.id`, slice.after)}) as w
         where w.n <= ${slice.first + 1} order by w."firedAt" desc, w.id desc`,
  );
  return slicesByParent(ruleIds, rows, slice.first).map((page) => ({
    ...page,
    items: page.items.map(toEpisodeView),
  }));
}

/** Episodes by id, for the history events that name one; absent where invisible or unknown. */
export async function episodesById(
  em: EntityManager,
  actor: Actor,
  episodeIds: readonly string[],
): Promise<(EpisodeView | null)[]> {
  const ids = episodeIds.filter(isId);
  const rows = await selectRows<EpisodeRow>(
    em,
    sql`select ep.*, ep.id as "parentId" from (${episodeRows(actor, {}, sql`e.episode_id in (${ids})`)}) as ep`,
  );
  const byId = new Map(rows.map((row) => [row.id, toEpisodeView(row)]));
  return episodeIds.map((id) => byId.get(id) ?? null);
}

function toEpisodeView(row: EpisodeRow): EpisodeView {
  const acknowledgedAt = isoOrNull(row.acknowledgedAt);
  const resolvedAt = isoOrNull(row.resolvedAt);
  return {
    id: row.id,
    ruleId: row.ruleId,
    instanceId: row.instanceId,
    alertname: row.alertname,
    instance: row.instance,
    firedAt: isoOf(row.firedAt),
    acknowledgedAt,
    resolvedAt,
    status: resolvedAt ? 'resolved' : acknowledgedAt ? 'acknowledged' : 'open',
  };
}
