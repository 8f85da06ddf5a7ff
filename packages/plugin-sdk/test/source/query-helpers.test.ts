import { describe, expect, it } from 'vitest';
import { countThresholdEvaluation, vendorErrorMessage } from '../../src';

describe('vendorErrorMessage', () => {
  it("reads Prometheus's error, Elasticsearch's root cause, Grafana's and Metabase's message", () => {
    expect(vendorErrorMessage('{"status":"error","errorType":"bad_data","error":"parse error"}')).toBe(
      'parse error',
    );
    expect(
      vendorErrorMessage(
        JSON.stringify({
          error: {
            root_cause: [{ type: 'query_shard_exception', reason: 'Failed to parse query [a:]' }],
            type: 'search_phase_execution_exception',
            reason: 'all shards failed',
          },
          status: 400,
        }),
      ),
    ).toBe('Failed to parse query [a:]');
    expect(vendorErrorMessage('{"error":{"type":"x","reason":"no such index [logs]"},"status":404}')).toBe(
      'no such index [logs]',
    );
    expect(vendorErrorMessage('{"message":"Unable to find datasource"}')).toBe('Unable to find datasource');
  });

  it('reads the first line of plain text, nothing of an HTML page or an empty body, and cuts long ones', () => {
    expect(vendorErrorMessage('cannot parse query [a(]: missing )\nmore\n')).toBe(
      'cannot parse query [a(]: missing )',
    );
    expect(vendorErrorMessage('<html><body>502 Bad Gateway</body></html>')).toBeUndefined();
    expect(vendorErrorMessage('  ')).toBeUndefined();
    expect(vendorErrorMessage('{"status":"error"}')).toBeUndefined();
    expect(vendorErrorMessage('x'.repeat(400))).toBe(`${'x'.repeat(299)}…`);
  });
});

describe('countThresholdEvaluation', () => {
  const rule = { id: 'rule-1', name: 'Errors', settings: {} };
  const settings = {
    queryString: 'level:error',
    minutes: 5,
    conditionType: 'greaterOrEqual' as const,
    countDocument: 10,
  };

  it('fires one instance keyed by the rule when the count reaches the threshold', () => {
    expect(
      countThresholdEvaluation(rule, settings, 10, { noun: 'documents', extra: { index: 'logs' } }),
    ).toEqual({
      firing: [
        {
          name: 'Errors',
          status: 'firing',
          summary: '10 documents in the last 5 minutes',
          description: '10 documents in the last 5 minutes (threshold ≥ 10).',
          labels: {},
          annotations: {},
          fingerprint: 'rule-1',
          details: { count: '10', threshold: '≥ 10', minutes: '5' },
        },
      ],
      document: {
        index: 'logs',
        query: 'level:error',
        minutes: 5,
        count: 10,
        conditionType: 'greaterOrEqual',
        countDocument: 10,
        matched: true,
      },
    });
    expect(countThresholdEvaluation(rule, settings, 9, { noun: 'documents' }).firing).toEqual([]);
  });

  it('fires a lessOrEqual rule while the count stays at or under the threshold', () => {
    const under = { ...settings, conditionType: 'lessOrEqual' as const, countDocument: 1 };
    expect(countThresholdEvaluation(rule, under, 0, { noun: 'entries' }).document.matched).toBe(true);
    expect(countThresholdEvaluation(rule, under, 1, { noun: 'entries' }).document.matched).toBe(true);
    expect(countThresholdEvaluation(rule, under, 2, { noun: 'entries' }).firing).toEqual([]);
  });
});
