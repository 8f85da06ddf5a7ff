/**
 * A place in the commit order of alert events and delivery attempts: the inserting transaction's
 * id (`xid8`), then the table (alert events first), then the row id. Rows are read only below the
 * oldest transaction still running, so a row can never appear behind a cursor already handed out:
 * a sequence or a time-ordered id would let a transaction that commits late slip behind a reader.
 */
export interface LiveCursor {
  /** Decimal `xid8`. */
  txid: string;
  source: LiveSource;
  id: string;
}

export type LiveSource = 'a' | 'd';

const CURSOR = /^(\d{1,20})([ad])([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The shape an event id has; the tRPC input checks `lastEventId` with it. */
export const LIVE_EVENT_ID_PATTERN = CURSOR;

export const FIRST_ID = '00000000-0000-0000-0000-000000000000';
export const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

export function encodeLiveCursor(cursor: LiveCursor): string {
  return `${cursor.txid}${cursor.source}${cursor.id}`;
}

/** Null for text that is no event id. */
export function decodeLiveCursor(text: string): LiveCursor | null {
  const match = CURSOR.exec(text.toLowerCase());
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { txid: match[1], source: match[2] === 'a' ? 'a' : 'd', id: match[3] };
}

/** Negative when `a` comes first. Lower-case uuids compare as text the way PostgreSQL orders them. */
export function compareLiveCursors(a: LiveCursor, b: LiveCursor): number {
  const byTxid = BigInt(a.txid) - BigInt(b.txid);
  if (byTxid !== 0n) return byTxid < 0n ? -1 : 1;
  if (a.source !== b.source) return a.source === 'a' ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Where each table's rows resume after the cursor, as the `(txid, id) > (…)` bound of that table:
 * alert events of the cursor's transaction come before its delivery attempts.
 */
export function tableBound(cursor: LiveCursor, source: LiveSource): { txid: string; id: string } {
  if (source === cursor.source) return { txid: cursor.txid, id: cursor.id };
  return { txid: cursor.txid, id: source === 'a' ? LAST_ID : FIRST_ID };
}
