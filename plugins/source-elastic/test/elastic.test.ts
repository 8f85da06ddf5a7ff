import { type SourceRuleFields, takesWebhooks } from '@oncall/plugin-sdk';
import { runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import elastic from '../src';

runSourceContractTests(elastic);

const rule = {
  dataSourceId: 'ds-1',
  queryString: 'status:500',
  minutes: 5,
  conditionType: 'greaterOrEqual',
  countDocument: 10,
  dataviewName: ' logs-* ',
};

function fieldsOf(ruleFields: SourceRuleFields | undefined) {
  if (ruleFields === undefined || !('fields' in ruleFields))
    throw new Error('expected one set of rule fields');
  return ruleFields;
}

describe('Elasticsearch source', () => {
  it('is queried, never pushed to', () => {
    expect(takesWebhooks(elastic)).toBe(false);
    expect(elastic.dataSourceType).toBe('elastic');
  });

  it('takes count-threshold rules over one data source and a data view', () => {
    const { fields, singleSource } = fieldsOf(elastic.ruleFields);
    expect(singleSource).toBe(true);
    expect(fields.parse(rule)).toEqual({ ...rule, dataviewName: 'logs-*' });
    const refused = fields.safeParse({ ...rule, dataviewName: undefined, minutes: 0 });
    expect(refused.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['minutes'], message: 'The minutes must be at least 1.' },
      { path: ['dataviewName'], message: 'The dataview name field is required.' },
    ]);
  });

  it('sends an API key as ApiKey, or basic credentials, to GET /', () => {
    expect(elastic.probe).toEqual({ steps: [{ method: 'GET', path: '/' }], token: 'api-key', basic: true });
  });
});
