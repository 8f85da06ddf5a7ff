import { type SourceRuleFields, takesWebhooks } from '@oncall/plugin-sdk';
import { runSourceContractTests } from '@oncall/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import metabase from '../src';

runSourceContractTests(metabase);

function fieldsOf(ruleFields: SourceRuleFields | undefined) {
  if (ruleFields === undefined || !('fields' in ruleFields))
    throw new Error('expected one set of rule fields');
  return ruleFields;
}

describe('Metabase source', () => {
  it('is queried, never pushed to', () => {
    expect(takesWebhooks(metabase)).toBe(false);
    expect(metabase.dataSourceType).toBe('metabase');
  });

  it('takes rules naming a Metabase alert on at least one data source', () => {
    const { fields } = fieldsOf(metabase.ruleFields);
    expect(fields.parse({ dataSourceIds: ['ds-1'], dataSourceAlertName: 'Daily signups' })).toEqual({
      dataSourceIds: ['ds-1'],
      dataSourceAlertName: 'Daily signups',
    });
    expect(fields.safeParse({ dataSourceIds: [] }).error?.issues.map((issue) => issue.message)).toEqual([
      'Select at least one data source.',
      'The data source alert name field is required.',
    ]);
  });

  it('sends its API key as x-api-key, never basic credentials', () => {
    expect(metabase.probe).toMatchObject({ token: 'x-api-key', basic: false });
  });
});
