import type { Column } from './table';

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
const field = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export function renderCsv<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const lines = [columns.map((column) => field(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => field(column.value(row))).join(','));
  return lines.join('\r\n');
}
