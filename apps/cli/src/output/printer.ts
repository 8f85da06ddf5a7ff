import type { CliContext } from '../cli-context';
import { type Colors, colorsEnabled, colorsFor } from './colors';
import { renderCsv } from './csv';
import { type Column, renderTable } from './table';

export interface Listing<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** What `-q` prints, one per line. */
  id: (row: T) => string;
  /** JSON and YAML print this (the server's answer as is) instead of the rows. */
  document?: unknown;
  /** A line after the table, on stderr (pages, hints), so pipes get rows only. */
  footer?: string;
  empty?: string;
}

/** Writes results in the chosen `-o` format; stdout carries data only, notes go to stderr. */
export class Printer {
  readonly colors: Colors;
  readonly errColors: Colors;
  /** `yaml` is loaded only for `-o yaml` (see `action`): every other run starts without it. */
  yaml: ((value: unknown) => string) | undefined;

  constructor(
    private readonly ctx: CliContext,
    colorFlag: boolean | undefined,
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly err: NodeJS.WriteStream = process.stderr,
  ) {
    this.colors = colorsFor(colorsEnabled(ctx.env, out, colorFlag));
    this.errColors = colorsFor(colorsEnabled(ctx.env, err, colorFlag));
  }

  get format() {
    return this.ctx.output;
  }

  list<T>(listing: Listing<T>): void {
    if (this.ctx.quiet) {
      for (const row of listing.rows) this.line(listing.id(row));
      return;
    }
    switch (this.ctx.output) {
      case 'json':
        this.line(JSON.stringify(listing.document ?? listing.rows, null, 2));
        return;
      case 'yaml':
        if (!this.yaml) throw new Error('the YAML writer was not loaded');
        this.write(this.yaml(listing.document ?? listing.rows));
        return;
      case 'csv':
        this.line(renderCsv(listing.rows, listing.columns));
        return;
      case 'table':
        if (listing.rows.length === 0) this.note(listing.empty ?? 'Nothing to show.');
        else this.line(renderTable(listing.rows, listing.columns, this.colors));
        if (listing.footer) this.note(listing.footer);
    }
  }

  /** One record: field and value lines (table, csv), or the document itself (json, yaml). */
  record(document: unknown, fields: readonly (readonly [string, string])[], id: string): void {
    if (this.ctx.quiet) {
      this.line(id);
      return;
    }
    if (this.ctx.output === 'table') {
      const width = Math.max(...fields.map(([name]) => name.length));
      for (const [name, value] of fields)
        this.line(`${this.colors.bold(name.padEnd(width))}  ${value}`.trimEnd());
      return;
    }
    if (this.ctx.output === 'csv') {
      const columns: Column<readonly [string, string]>[] = [
        { header: 'field', value: ([name]) => name },
        { header: 'value', value: ([, value]) => value },
      ];
      this.line(renderCsv(fields, columns));
      return;
    }
    this.list({ rows: [document], columns: [], id: () => id, document });
  }

  /** The answer of an action (ack, resolve): a sentence on a terminal, the document otherwise. */
  done(document: unknown, sentence: string, id: string): void {
    if (this.ctx.quiet) {
      this.line(id);
      return;
    }
    if (this.ctx.output === 'table') {
      this.line(sentence);
      return;
    }
    this.list({ rows: [document], columns: [], id: () => id, document });
  }

  line(text: string): void {
    this.out.write(`${text}\n`);
  }

  write(text: string): void {
    this.out.write(text);
  }

  note(text: string): void {
    this.err.write(`${text}\n`);
  }
}
