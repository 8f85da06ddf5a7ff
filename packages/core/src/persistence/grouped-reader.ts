import type { Load } from '../caching/loading-cache';

/** Reads the rows of several keys in one statement; a key without a row is left out of the map. */
export type ReadRows<Row> = (keys: readonly string[]) => Promise<ReadonlyMap<string, Row>>;

/**
 * Group read, the reading side of `createGroupedWriter`: a key asked while the previous read is in
 * flight waits for it and goes out with every other key asked meanwhile, in one statement. An idle
 * reader reads at once, so a lone key pays no delay; a burst of concurrent deliveries (a chat lane
 * draining a storm) pays one round trip per group instead of one per key. Each caller's promise
 * settles with its own group's read: its row, or null when there is none.
 *
 * @example
 * const endpointOf = createGroupedReader<EndpointRow>((ids) => readEndpoints(ids), 500);
 * await endpointOf(id); // read with whatever else was asked meanwhile
 */
export function createGroupedReader<Row>(readRows: ReadRows<Row>, maxKeys: number): Load<Row> {
  let waiting: Array<{ key: string; resolve: (row: Row | null) => void; reject: (error: unknown) => void }> =
    [];
  let reading = false;

  const drain = async () => {
    reading = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, maxKeys);
      waiting = waiting.slice(group.length);
      try {
        const rows = await readRows([...new Set(group.map((entry) => entry.key))]);
        for (const entry of group) entry.resolve(rows.get(entry.key) ?? null);
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
    }
    reading = false;
  };

  return (key) =>
    new Promise<Row | null>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!reading) void drain();
    });
}
