import { type FakeElasticsearch, jsonReply, startFakeElasticsearch, textReply } from '@oncall/fakes';
import { type SourceConnection, type SourceContext, SourceQueryError } from '@oncall/plugin-sdk';
import { createTestContext } from '@oncall/plugin-sdk/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import elastic from '../src';
import { evaluate } from '../src/evaluate';

const context = (signal?: AbortSignal): SourceContext => ({ ...createTestContext(), signal });
const connection = (url: string): SourceConnection => ({ id: 'ds-1', name: 'es', type: 'elastic', url });
const rule = (settings: Record<string, unknown> = {}) => ({
  id: 'rule-7',
  name: 'Checkout 5xx',
  settings: {
    dataSourceId: 'ds-1',
    dataviewName: 'logs-*',
    queryString: 'service:checkout AND status:>=500',
    minutes: 5,
    conditionType: 'greaterOrEqual',
    countDocument: 10,
    ...settings,
  },
});

let fake: FakeElasticsearch;
beforeEach(async () => {
  fake = await startFakeElasticsearch({ count: 42 });
});
afterEach(async () => {
  await fake.close();
});

describe('Elasticsearch evaluate', () => {
  it('is declared on the source', () => {
    expect(elastic.evaluate).toBe(evaluate);
  });

  it('counts the matching documents of the data view over the last minutes and fires at the threshold', async () => {
    const run = await evaluate(connection(fake.url), rule(), context());
    expect(fake.requests).toMatchObject([{ method: 'POST', path: '/logs-*/_count' }]);
    expect(fake.counts).toEqual([
      {
        index: 'logs-*',
        body: {
          query: {
            bool: {
              filter: [
                { query_string: { query: 'service:checkout AND status:>=500' } },
                { range: { '@timestamp': { gte: 'now-5m' } } },
              ],
            },
          },
        },
      },
    ]);
    expect(run).toStrictEqual({
      firing: [
        {
          name: 'Checkout 5xx',
          status: 'firing',
          summary: '42 documents in the last 5 minutes',
          description: '42 documents in the last 5 minutes (threshold ≥ 10).',
          labels: {},
          annotations: {},
          fingerprint: 'rule-7',
          details: { count: '42', threshold: '≥ 10', minutes: '5' },
        },
      ],
      document: {
        index: 'logs-*',
        timeField: '@timestamp',
        query: 'service:checkout AND status:>=500',
        minutes: 5,
        count: 42,
        conditionType: 'greaterOrEqual',
        countDocument: 10,
        matched: true,
      },
    });
  });

  it('compares by the condition type, both bounds included', async () => {
    const matched = async (count: number, conditionType: string, countDocument: number) => {
      fake.setCount(count);
      const run = await evaluate(connection(fake.url), rule({ conditionType, countDocument }), context());
      expect(run.document.matched).toBe(run.firing.length === 1);
      return run.document.matched;
    };
    expect(await matched(10, 'greaterOrEqual', 10)).toBe(true);
    expect(await matched(9, 'greaterOrEqual', 10)).toBe(false);
    expect(await matched(1, 'lessOrEqual', 1)).toBe(true);
    expect(await matched(0, 'lessOrEqual', 1)).toBe(true);
    expect(await matched(2, 'lessOrEqual', 1)).toBe(false);
  });

  it('counts by the time field the rule names, and encodes the index', async () => {
    const run = await evaluate(
      connection(fake.url),
      rule({ dataviewName: 'logs-a,logs-b', timeField: 'event.created', minutes: 1 }),
      context(),
    );
    expect(fake.requests[0]?.path).toBe('/logs-a%2Clogs-b/_count');
    expect(fake.counts[0]?.index).toBe('logs-a,logs-b');
    expect(JSON.stringify(fake.counts[0]?.body)).toContain('{"range":{"event.created":{"gte":"now-1m"}}}');
    expect(run.firing[0]?.summary).toBe('42 documents in the last minute');
    expect(run.document).toMatchObject({ timeField: 'event.created', index: 'logs-a,logs-b' });
  });

  it('refuses a data view with a slash before sending anything', async () => {
    await expect(
      evaluate(connection(fake.url), rule({ dataviewName: 'logs/_doc' }), context()),
    ).rejects.toThrow(
      new SourceQueryError('The data view "logs/_doc" is not an index pattern: it contains "/".'),
    );
    expect(fake.requests).toEqual([]);
  });

  it("throws Elasticsearch's root cause for an error answer, and for a missing index", async () => {
    fake.setMode('error');
    await expect(
      evaluate(connection(fake.url), rule({ queryString: 'status:>' }), context()),
    ).rejects.toThrow(new SourceQueryError('HTTP 400 from /logs-*/_count: Failed to parse query [status:>]'));
    const missing = await startFakeElasticsearch({ indices: ['logs-*'] });
    try {
      await expect(
        evaluate(connection(missing.url), rule({ dataviewName: 'metrics' }), context()),
      ).rejects.toThrow('HTTP 404 from /metrics/_count: no such index [metrics]');
    } finally {
      await missing.close();
    }
    // https://www.elastic.co/guide/en/elasticsearch/reference/current/api-conventions.html: a key
    // without the read privilege is a 403 security_exception.
    fake.setMode('answer');
    fake.replyNext(
      jsonReply(403, {
        error: {
          root_cause: [
            { type: 'security_exception', reason: 'action [indices:data/read/search] is unauthorized' },
          ],
          type: 'security_exception',
          reason: 'action [indices:data/read/search] is unauthorized',
        },
        status: 403,
      }),
    );
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'HTTP 403 from /logs-*/_count: action [indices:data/read/search] is unauthorized',
    );
  });

  it('treats a count with failed shards as a failure, not a count', async () => {
    fake.setFailedShards(1);
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      new SourceQueryError('1 of 1 shards failed to count in logs-*: gone'),
    );
  });

  it('throws for a malformed answer and a body that is not JSON', async () => {
    fake.setMode('malformed');
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'Unexpected answer from /logs-*/_count.',
    );
    fake.replyNext(textReply(200, '<html>proxy login</html>'));
    await expect(evaluate(connection(fake.url), rule(), context())).rejects.toThrow(
      'The answer from /logs-*/_count is not JSON.',
    );
  });

  it('gives up when Elasticsearch never answers', async () => {
    fake.setMode('hang');
    await expect(
      evaluate(connection(fake.url), rule(), context(AbortSignal.timeout(200))),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('accepts the optional time field in its rule fields, and keeps a rule without one as it is', () => {
    const fields = elastic.ruleFields;
    if (fields === undefined || !('fields' in fields)) throw new Error('elastic has one rule shape');
    const body = rule().settings;
    expect(fields.fields.parse(body)).toEqual(body);
    expect(fields.fields.parse({ ...body, timeField: ' event.created ' })).toMatchObject({
      timeField: 'event.created',
    });
    expect(fields.fields.safeParse({ ...body, timeField: '' }).error?.issues).toMatchObject([
      { path: ['timeField'], message: 'The time field may not be empty.' },
    ]);
  });
});
