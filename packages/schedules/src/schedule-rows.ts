import type { EntityManager } from '@mikro-orm/core';
import { isId, notFound } from '@oncall/core';
import { queryRows } from '@oncall/core/persistence';
import type { Override } from './model';
import type { StoredLayer, StoredSchedule } from './stored-schedule';

export interface ScheduleRow {
  id: string;
  team_id: string;
  name: string;
  time_zone: string;
  layers: unknown;
  overrides: unknown;
  ical_token_hash: string | null;
  notice_endpoint_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const SCHEDULE_COLUMNS =
  'id, team_id, name, time_zone, layers, overrides, ical_token_hash, notice_endpoint_id, created_at, updated_at';

function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function toStored(row: ScheduleRow): StoredSchedule {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    timeZone: row.time_zone,
    layers: parsedJson<StoredLayer[]>(row.layers),
    overrides: parsedJson<Override[]>(row.overrides),
    hasIcalFeed: row.ical_token_hash !== null,
    noticeEndpointId: row.notice_endpoint_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** One schedule, locked for the rest of the transaction when `lock` (overrides and swaps are
 * written under that lock, so two writers cannot both pass the overlap check). */
export async function loadSchedule(em: EntityManager, id: string, lock = false): Promise<StoredSchedule> {
  if (!isId(id)) throw notFound('Schedule');
  const [row] = await queryRows<ScheduleRow>(
    em,
    `select ${SCHEDULE_COLUMNS} from schedules where id = ?${lock ? ' for update' : ''}`,
    [id],
  );
  if (!row) throw notFound('Schedule');
  return toStored(row);
}
