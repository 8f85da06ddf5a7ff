import type { MonitoringRequest } from '../fake-monitoring-system';
import { type FakeReply, jsonReply, textReply } from '../fake-reply';
import { startRecordingHttpServer } from '../recording-http-server';
import { type FakeQueryApi, type FakeQueryMode, modeReply, recordRequest } from './fake-query-api';

/** A saved question (card) of the fake Metabase and the rows it answers. */
export interface FakeCard {
  readonly id: number;
  readonly name: string;
  /** Column names; every column is `type/Text` to the fake. */
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
  readonly archived?: boolean;
}

/** A fake Metabase's card API; its setters apply to the requests that follow. */
export interface FakeMetabase extends FakeQueryApi {
  /** The ids of the cards run (`POST /api/card/{id}/query`), in order. */
  readonly runs: readonly number[];
  setCards(cards: readonly FakeCard[]): void;
  /** The rows card `id` answers from now on. */
  setRows(id: number, rows: readonly (readonly unknown[])[]): void;
}

/**
 * A fake Metabase answering its card API as documented at https://www.metabase.com/docs/latest/api
 * (`card`): `GET /api/card` the cards that are not archived, `{ id, name, archived, … }`;
 * `POST /api/card/{id}/query` 202 with `{ data: { rows, cols }, row_count, status: 'completed' }`;
 * an unknown card 404 `Not found.`; `GET /api/health` `{ status: 'ok' }`. In `error` mode a run
 * answers 202 with `status: 'failed'` and Metabase's `error`, as a query the database refused; in
 * `malformed` mode a 202 without `data`.
 *
 * @example
 * const metabase = await startFakeMetabase([{ id: 7, name: 'Failed payments', columns: ['id'], rows: [[1]] }]);
 * metabase.setRows(7, []); // the question now returns nothing
 */
export async function startFakeMetabase(
  initialCards: readonly FakeCard[] = [],
  initialMode: FakeQueryMode = 'answer',
): Promise<FakeMetabase> {
  let cards = [...initialCards];
  let mode = initialMode;
  const runs: number[] = [];

  const run = (card: FakeCard): FakeReply =>
    jsonReply(202, {
      data: {
        rows: card.rows,
        cols: card.columns.map((name) => ({ name, display_name: name, base_type: 'type/Text' })),
        native_form: { query: 'SELECT …' },
      },
      database_id: 1,
      started_at: new Date().toISOString(),
      row_count: card.rows.length,
      status: 'completed',
      context: 'question',
      running_time: 12,
    });

  const reply = (request: MonitoringRequest): FakeReply => {
    if (request.method === 'GET' && request.path === '/api/health') return jsonReply(200, { status: 'ok' });
    if (request.method === 'GET' && request.path === '/api/card') {
      return jsonReply(
        200,
        cards
          .filter((card) => card.archived !== true)
          .map(({ id, name }) => ({ id, name, archived: false, display: 'table', query_type: 'native' })),
      );
    }
    const id = /^\/api\/card\/(\d+)\/query$/.exec(request.path)?.[1];
    const card = cards.find((candidate) => String(candidate.id) === id);
    if (request.method !== 'POST' || card === undefined) return textReply(404, 'Not found.');
    runs.push(card.id);
    return (
      modeReply(mode, {
        error: () =>
          jsonReply(202, {
            status: 'failed',
            error: 'ERROR: relation "payments" does not exist',
            error_type: 'invalid-query',
            row_count: 0,
            data: { rows: [], cols: [] },
          }),
        malformed: () => jsonReply(202, { status: 'completed', row_count: 1 }),
      }) ?? run(card)
    );
  };

  const server = await startRecordingHttpServer<MonitoringRequest>({
    record: recordRequest,
    defaultReply: reply,
  });
  return {
    ...server,
    runs,
    setMode: (next) => {
      mode = next;
    },
    setCards: (next) => {
      cards = [...next];
    },
    setRows: (id, rows) => {
      cards = cards.map((card) => (card.id === id ? { ...card, rows } : card));
    },
  };
}
