import { type KeySelection, selectEntries } from './item-selection';

/**
 * One alert of the event, as templates see it in `items` and as `alert_items` lists it.
 *
 * @example { instance: 'db-1', alertname: 'DiskFull', state: 'critical', labels: { job: 'node' }, annotations: { summary: 'disk full' } }
 */
export interface TemplateItem {
  readonly instance: string;
  readonly alertname: string | null;
  readonly state: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
}

/**
 * Lists alert items one per line: `- ` then the selected labels as `key=value` separated by spaces,
 * then each selected annotation as ` | key: value`. An item none of whose labels is selected shows
 * its instance instead, so every line names something. Line breaks inside values become spaces:
 * one item stays one line.
 *
 * @example
 * alertItemLines([{ instance: 'db-1', alertname: null, state: 'critical',
 *   labels: { instance: 'db-1', job: 'node' }, annotations: { summary: 'disk full' } }],
 *   { kind: 'all', exclude: [] }, { kind: 'listed', keys: ['summary'] })
 * // '- instance=db-1 job=node | summary: disk full'
 */
export function alertItemLines(
  items: readonly TemplateItem[],
  labels: KeySelection,
  annotations: KeySelection,
): string {
  return items
    .map((item) => {
      const shown = selectEntries(item.labels, labels).map(([key, value]) => `${key}=${oneLine(value)}`);
      const head = shown.length > 0 ? shown.join(' ') : oneLine(item.instance);
      const notes = selectEntries(item.annotations, annotations).map(
        ([key, value]) => ` | ${key}: ${oneLine(value)}`,
      );
      return `- ${head}${notes.join('')}`;
    })
    .join('\n');
}

function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}
