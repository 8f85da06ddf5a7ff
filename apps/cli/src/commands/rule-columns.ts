import type { FiringAlert, HistoryRow, RuleAnswer } from '../api/answers';
import type { Colors } from '../output/colors';
import { paintState } from '../output/state-style';
import type { Column } from '../output/table';

export const ruleColumns = (colors: Colors): Column<RuleAnswer>[] => [
  { header: 'ID', value: (rule) => rule.id, paint: (text) => colors.dim(text) },
  { header: 'NAME', value: (rule) => (rule.pinned ? `* ${rule.name}` : rule.name) },
  { header: 'TYPE', value: (rule) => rule.type },
  { header: 'STATE', value: (rule) => rule.state, paint: (text) => paintState(colors, text) },
  {
    header: 'SILENCE',
    value: (rule) => rule.silentStatus,
    paint: (text) => (text === 'silent' ? colors.yellow(text) : text),
  },
  { header: 'OWNER', value: (rule) => rule.owner.username },
  { header: 'TAGS', value: (rule) => rule.tags.join(',') },
];

export const firingColumns = (colors: Colors): Column<FiringAlert>[] => [
  { header: 'RULE', value: (alert) => alert.alertRuleName },
  { header: 'ALERT', value: (alert) => alert.name ?? '' },
  { header: 'INSTANCE', value: (alert) => alert.instance },
  { header: 'STATE', value: (alert) => alert.status, paint: (text) => paintState(colors, text) },
  { header: 'FIRED', value: (alert) => shortTime(alert.createdAt) },
  { header: 'ACK', value: (alert) => (alert.acknowledgedAt ? shortTime(alert.acknowledgedAt) : '-') },
  { header: 'DESCRIPTION', value: (alert) => alert.description ?? '' },
];

export const historyColumns = (colors: Colors): Column<HistoryRow>[] => [
  { header: 'TIME', value: (row) => shortTime(row.createdAt) },
  { header: 'KIND', value: (row) => row.kind },
  { header: 'STATUS', value: (row) => row.status, paint: (text) => paintState(colors, text) },
  { header: 'ALERT', value: (row) => row.alertname ?? '' },
  { header: 'INSTANCE', value: (row) => row.instance ?? '' },
  { header: 'DESCRIPTION', value: (row) => row.description ?? '' },
];

/** `2026-11-28 23:50:12Z`: seconds are enough on a terminal; JSON keeps the server's text. */
export function shortTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}
