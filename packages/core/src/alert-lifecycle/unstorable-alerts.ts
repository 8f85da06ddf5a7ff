import { findInputFault } from '@oncall/contracts';
import { type FieldErrors, validationFailed } from '../errors/domain-error';

/**
 * A receiver batch with the alerts whose text cannot be stored taken out: `payload` is what is left
 * to parse and apply, `refused` why each item was refused, at its body path
 * (`body.alerts.1.labels.job`).
 */
export interface SortedBatch {
  readonly payload: unknown;
  readonly refused: FieldErrors;
  /** Items in the batch as sent, refused ones included, and those refused. */
  readonly total: number;
  readonly refusedCount: number;
  /** Maps an issue path in `payload` (`alerts.0.status`) back to the item's index as sent. */
  readonly pathAsSent: (path: string) => string;
}

/**
 * Takes out of a receiver batch each alert whose text cannot be stored (a NUL character, a lone
 * surrogate: the input walk every face uses), so that one bad alert is refused alone and the others
 * are still applied. `batchField` names the payload's list of alerts (`alerts`), or is `''` when
 * the payload is the list itself (Alertmanager API v2). Such text anywhere else, or in a payload
 * that is no batch, refuses the whole payload with a 422 at its path.
 */
export function sortOutUnstorable(payload: unknown, batchField: string | undefined): SortedBatch {
  const items = batchField === undefined ? undefined : itemsAt(payload, batchField);
  if (batchField === undefined || items === undefined) {
    const fault = findInputFault(payload);
    if (fault !== undefined) throw validationFailed({ [bodyPath(fault.path)]: [fault.message] });
    return { payload, refused: {}, total: 0, refusedCount: 0, pathAsSent: (path) => path };
  }
  const rest = batchField === '' ? undefined : findInputFault({ ...(payload as object), [batchField]: [] });
  if (rest !== undefined) throw validationFailed({ [bodyPath(rest.path)]: [rest.message] });

  const prefix = batchField === '' ? [] : [batchField];
  const refused: FieldErrors = {};
  const sentIndexes: number[] = [];
  const kept: unknown[] = [];
  for (const [index, item] of items.entries()) {
    const fault = findInputFault(item);
    if (fault === undefined) {
      sentIndexes.push(index);
      kept.push(item);
      continue;
    }
    const path = bodyPath([...prefix, String(index), fault.path].filter(Boolean).join('.'));
    refused[path] = [...(refused[path] ?? []), fault.message];
  }
  const pathAsSent = (path: string): string => {
    const segments = path.split('.');
    const at = prefix.length;
    if (prefix.some((segment, i) => segments[i] !== segment) || segments.length <= at) return path;
    const sent = sentIndexes[Number(segments[at])];
    if (sent === undefined) return path;
    return [...segments.slice(0, at), String(sent), ...segments.slice(at + 1)].join('.');
  };
  const filtered = batchField === '' ? kept : { ...(payload as object), [batchField]: kept };
  return {
    payload: filtered,
    refused,
    total: items.length,
    refusedCount: items.length - kept.length,
    pathAsSent,
  };
}

/**
 * The answer to a batch some of whose alerts were refused, once the others are stored: a 422 with
 * the refused alerts at their paths, which says how many were stored (docs/decisions.md).
 */
export function refusedAlerts(batch: SortedBatch) {
  const stored = batch.total - batch.refusedCount;
  return validationFailed(
    batch.refused,
    `${batch.refusedCount} of ${batch.total} alerts were refused (text that cannot be stored); ` +
      `the other ${stored} ${stored === 1 ? 'was' : 'were'} stored.`,
  );
}

function itemsAt(payload: unknown, field: string): readonly unknown[] | undefined {
  if (field === '') return Array.isArray(payload) ? payload : undefined;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const items = (payload as Record<string, unknown>)[field];
  return Array.isArray(items) ? items : undefined;
}

function bodyPath(path: string): string {
  return path ? `body.${path}` : 'body';
}
