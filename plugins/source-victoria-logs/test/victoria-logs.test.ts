import { type SourceRuleFields, takesWebhooks } from '@oncall/plugin-sdk';
import { runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import victoriaLogs from '../src';

runSourceContractTests(victoriaLogs);

const rule = {
  dataSourceId: 'ds-1',
  queryString: '_stream:{app="api"} error',
  minutes: 15,
  conditionType: 'lessOrEqual',
  countDocument: 1,
};

function fieldsOf(ruleFields: SourceRuleFields | undefined) {
  if (ruleFields === undefined || !('fields' in ruleFields))
    throw new Error('expected one set of rule fields');
  return ruleFields;
}

describe('VictoriaLogs source', () => {
  it('is queried, never pushed to', () => {
    expect(takesWebhooks(victoriaLogs)).toBe(false);
    expect(victoriaLogs.dataSourceType).toBe('victoria_logs');
  });

  it('takes count-threshold rules over one data source', () => {
    const { fields, singleSource } = fieldsOf(victoriaLogs.ruleFields);
    expect(singleSource).toBe(true);
    expect(fields.parse({ ...rule, dataviewName: 'dropped' })).toEqual(rule);
    const refused = fields.safeParse({ ...rule, dataSourceId: '', conditionType: 'equal' });
    expect(refused.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['dataSourceId'], message: 'The data source id field is required.' },
      { path: ['conditionType'], message: 'The condition type must be greaterOrEqual or lessOrEqual.' },
    ]);
  });

  it('probes the build info, then the health path', () => {
    expect(victoriaLogs.probe?.steps.map((step) => step.path)).toEqual([
      '/api/v1/status/buildinfo',
      '/-/healthy',
    ]);
  });
});
