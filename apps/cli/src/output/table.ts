import { type Colors, visibleLength } from './colors';

export interface Column<T> {
  header: string;
  value: (row: T) => string;
  /** Color for a TTY; the text's width must not change. */
  paint?: (text: string, row: T) => string;
}

const MAX_CELL = 60;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** Columns padded to the widest cell, two spaces apart, the header in bold. */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[], colors: Colors): string {
  const cells = rows.map((row) => columns.map((column) => clip(column.value(row))));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => visibleLength(line[i] ?? ''))),
  );
  const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - visibleLength(text)));
  const header = columns.map((column, i) => colors.bold(pad(column.header, widths[i] ?? 0)));
  const lines = cells.map((line, r) =>
    columns
      .map((column, i) => {
        const text = line[i] ?? '';
        const row = rows[r] as T;
        const padded = pad(text, widths[i] ?? 0);
        return column.paint ? column.paint(text, row) + padded.slice(text.length) : padded;
      })
      .join('  ')
      .trimEnd(),
  );
  return [header.join('  ').trimEnd(), ...lines].join('\n');
}
