/** Writes rows; resolves once they are durably stored. */
export type WriteRows<Row> = (rows: readonly Row[]) => Promise<void>;

/**
 * Group commit: a row handed over while the previous write is in flight waits for it and goes out
 * with every other row that queued meanwhile, in one statement. An idle writer writes at once, so a
 * lone row pays no delay; a burst of concurrent handlers pays one round trip per group instead of
 * one per row. Each caller's promise settles with its own group's write.
 *
 * @example
 * const write = createGroupedWriter<Attempt>((rows) => insertAttempts(rows), 500);
 * await write(attempt); // stored when this resolves
 */
export function createGroupedWriter<Row>(
  writeRows: WriteRows<Row>,
  maxRows: number,
): (row: Row) => Promise<void> {
  let waiting: Array<{ row: Row; resolve: () => void; reject: (error: unknown) => void }> = [];
  let writing = false;

  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, maxRows);
      waiting = waiting.slice(group.length);
      try {
        await writeRows(group.map((entry) => entry.row));
        for (const entry of group) entry.resolve();
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    writing = false;
  };

  return (row) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ row, resolve, reject });
      if (!writing) void drain();
    });
}
