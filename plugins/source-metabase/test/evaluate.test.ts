import { type FakeMetabase, jsonReply, startFakeMetabase, textReply } from '@oncall/fakes';
import { type SourceConnection, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import metabase from '../src';
import { evaluate } from '../src/evaluate';

const context = (signal?: AbortSignal): SourceContext => ({ ...createTestContext(), signal });
const connection = (url: string): SourceConnection => ({ id: 'ds-1', name: 'mb', type: 'metabase', url });
const rule = (dataSourceAlertName = 'Failed payments') => ({
  id: 'rule-3',
  name: 'Payments failing',
  settings: { dataSourceIds: ['ds-1'], dataSourceAlertName, queryObject: { interval: '5m' } },
});

let fake: FakeMetabase;
beforeEach(async () => {
  fake = await startFakeMetabase([
    { id: 3, name: 'Daily signups', columns: ['day', 'count'], rows: [['2024-05-01', 12]] },
    {
      id: 7,
      name: 'Failed payments',
      columns: ['id', 'reason'],
      rows: [
        [101, 'card declined'],
        [102, 'x'.repeat(500)],
      ],
    },
    { id: 8, name: 'Old report', columns: ['id'], rows: [[1]], archived: true },
  ]);
});
afterEach(async () => {
  await fake.close();
});

describe('Metabase evaluate', () => {
  it('is declared on the source, and its rules take evaluation options', () => {
    expect(metabase.evaluate).toBe(evaluate);
    const fields = metabase.ruleFields;
    if (fields === undefined || !('fields' in fields)) throw new Error('metabase has one rule shape');
    expect(fields.fields.parse(rule().settings)).toEqual(rule().settings);
    expect(
      fields.fields.safeParse({ ...rule().settings, queryObject: { interval: '500ms' } }).error?.issues,
    ).toMatchObject([
      { path: ['queryObject', 'interval'], message: 'The interval must be between 1 second and 1 day.' },
    ]);
  });

  it('runs the saved question named by the rule and fires while it returns rows', async () => {
    const run = await evaluate(connection(fake.url), rule(), context());
    expect(fake.requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET /api/card',
      'POST /api/card/7/query',
    ]);
    expect(run.firing).toStrictEqual([
      {
        name: 'Payments failing',
        status: 'firing',
        summary: '"Failed payments" returned 2 rows',
        labels: {},
        annotations: {},
        fingerprint: 'rule-3',
        details: { card: 'Failed payments', cardId: '7', rowCount: '2' },
      },
    ]);
    expect(run.document).toStrictEqual({
      card: { id: 7, name: 'Failed payments' },
      rowCount: 2,
      columns: ['id', 'reason'],
      firstRows: [
        [101, 'card declined'],
        [102, `${'x'.repeat(199)}…`],
      ],
    });
  });

  it('fires nothing once the question returns no rows', async () => {
    fake.setRows(7, []);
    const run = await evaluate(connection(fake.url), rule(), context());
    expect(run).toStrictEqual({
      firing: [],
      document: {
        card: { id: 7, name: 'Failed payments' },
        rowCount: 0,
        columns: ['id', 'reason'],
        firstRows: [],
      },
    });
  });

  it('throws naming a question Metabase does not have (archived ones included), or has twice', async () => {
    await expect(evaluate(connection(fake.url), rule('Old report'), context())).rejects.toThrow(
      new SourceQueryError('Metabase has no saved question named "Old report".'),
    );
    fake.setCards([
      { id: 7, name: 'Failed payments', columns: [], rows: [] },
      { id: 9, name: 'Failed payments', columns: [], rows: [] },
    ]);
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      '2 Metabase saved questions are named "Failed payments" (ids 7, 9); rename all but one.',
    );
  });

  it("throws Metabase's error for a question that failed, and for a malformed answer", async () => {
    fake.setMode('error');
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      new SourceQueryError(
        'The saved question "Failed payments" failed: ERROR: relation "payments" does not exist',
      ),
    );
    fake.setMode('malformed');
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'Unexpected answer from /api/card/7/query.',
    );
  });

  it('throws for an API key Metabase refuses, with its words', async () => {
    // Metabase answers an unknown or revoked key with 401 and a plain-text body.
    fake.replyNext(textReply(401, 'Unauthenticated'));
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'HTTP 401 from /api/card: Unauthenticated',
    );
    fake.replyNext(jsonReply(200, { data: [] }));
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'Unexpected answer from /api/card.',
    );
  });

  it('gives up when Metabase never answers the run', async () => {
    fake.setMode('hang');
    await expect(
      evaluate(connection(fake.url), rule(), context(AbortSignal.timeout(300))),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
