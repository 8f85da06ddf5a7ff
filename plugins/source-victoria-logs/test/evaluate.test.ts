import { type FakeVictoriaLogs, startFakeVictoriaLogs, textReply } from '@oncall/fakes';
import { type SourceConnection, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import victoriaLogs from '../src';
import { evaluate } from '../src/evaluate';

const NOW = new Date('2024-05-01T10:00:00.000Z');
const context = (signal?: AbortSignal): SourceContext => ({
  ...createTestContext({ clock: { now: () => NOW } }),
  signal,
});
const connection = (url: string): SourceConnection => ({
  id: 'ds-1',
  name: 'logs',
  type: 'victoria_logs',
  url,
});
const rule = (settings: Record<string, unknown> = {}) => ({
  id: 'rule-9',
  name: 'API errors',
  settings: {
    dataSourceId: 'ds-1',
    queryString: '_stream:{app="api"} error',
    minutes: 15,
    conditionType: 'greaterOrEqual',
    countDocument: 10,
    ...settings,
  },
});

let fake: FakeVictoriaLogs;
beforeEach(async () => {
  fake = await startFakeVictoriaLogs({ hits: 42 });
});
afterEach(async () => {
  await fake.close();
});

describe('VictoriaLogs evaluate', () => {
  it('is declared on the source', () => {
    expect(victoriaLogs.evaluate).toBe(evaluate);
  });

  it('counts the selected log entries over the last minutes and fires at the threshold', async () => {
    const run = await evaluate(connection(fake.url), rule(), context());
    expect(fake.requests).toMatchObject([{ method: 'GET', path: '/select/logsql/query' }]);
    expect(fake.queries).toEqual([
      {
        query: '_stream:{app="api"} error | stats count() as hits',
        start: '2024-05-01T09:45:00.000Z',
        end: '2024-05-01T10:00:00.000Z',
      },
    ]);
    expect(run).toStrictEqual({
      firing: [
        {
          name: 'API errors',
          status: 'firing',
          summary: '42 log entries in the last 15 minutes',
          description: '42 log entries in the last 15 minutes (threshold ≥ 10).',
          labels: {},
          annotations: {},
          fingerprint: 'rule-9',
          details: { count: '42', threshold: '≥ 10', minutes: '15' },
        },
      ],
      document: {
        logsql: '_stream:{app="api"} error | stats count() as hits',
        start: '2024-05-01T09:45:00.000Z',
        end: '2024-05-01T10:00:00.000Z',
        query: '_stream:{app="api"} error',
        minutes: 15,
        count: 42,
        conditionType: 'greaterOrEqual',
        countDocument: 10,
        matched: true,
      },
    });
  });

  it('keeps the pipes of a query, and fires a lessOrEqual rule when too few entries arrive', async () => {
    fake.setHits(0);
    const run = await evaluate(
      connection(fake.url),
      rule({
        queryString: 'heartbeat | filter app:="billing"',
        conditionType: 'lessOrEqual',
        countDocument: 1,
      }),
      context(),
    );
    expect(fake.queries[0]?.query).toBe('heartbeat | filter app:="billing" | stats count() as hits');
    expect(run.firing).toMatchObject([
      { description: '0 log entries in the last 15 minutes (threshold ≤ 1).' },
    ]);
    fake.setHits(2);
    const quiet = await evaluate(
      connection(fake.url),
      rule({ conditionType: 'lessOrEqual', countDocument: 1 }),
      context(),
    );
    expect(quiet.firing).toEqual([]);
    expect(quiet.document).toMatchObject({ count: 2, matched: false });
  });

  it('reads an answer without a row as a count of zero', async () => {
    fake.replyNext(textReply(200, ''));
    const run = await evaluate(connection(fake.url), rule(), context());
    expect(run.document).toMatchObject({ count: 0, matched: false });
  });

  it("throws VictoriaLogs' plain-text reason for a query it cannot run", async () => {
    fake.setMode('error');
    await expect(evaluate(connection(fake.url), rule({ queryString: 'error)' }), context())).rejects.toThrow(
      new SourceQueryError(
        'HTTP 400 from /select/logsql/query: cannot parse query [error) | stats count() as hits]: unexpected token ")"; context: [error) | stats count() as hits]',
      ),
    );
  });

  it('throws for a line that is not JSON, a row without hits, and more rows than one count', async () => {
    fake.setMode('malformed');
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'The answer from /select/logsql/query is not JSON lines.',
    );
    fake.setMode('answer');
    fake.replyNext(
      textReply(200, '{"count(*)":"3"}\n'),
      textReply(200, '{"hits":"-1"}\n'),
      textReply(200, '{"hits":"1"}\n{"hits":"2"}\n'),
    );
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'Unexpected answer from /select/logsql/query.',
    );
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'Unexpected answer from /select/logsql/query.',
    );
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'Unexpected answer from /select/logsql/query: 2 rows for one count.',
    );
  });

  it('gives up when VictoriaLogs never answers', async () => {
    fake.setMode('hang');
    await expect(
      evaluate(connection(fake.url), rule(), context(AbortSignal.timeout(200))),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
