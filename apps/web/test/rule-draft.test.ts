import { describe, expect, it } from 'vitest';
import { groupActionWording } from '../src/rules/group-action-wording';
import {
  draftBody,
  draftOf,
  fieldLabel,
  formFor,
  type RuleTypeForm,
  switchForm,
} from '../src/rules/rule-draft';
import { unreachableOf } from '../src/rules/rule-pick-lists';

const forms: RuleTypeForm[] = [
  {
    type: 'api',
    fields: [
      { name: 'enableAutoResolve', kind: 'boolean', required: false, default: false },
      { name: 'autoResolveMinutes', kind: 'integer', required: false, min: 1, max: 43200 },
    ],
  },
  {
    type: 'prometheus',
    queryType: 'dynamic',
    fields: [
      { name: 'dataSourceIds', kind: 'textList', required: false, default: [] },
      { name: 'dataSourceAlertName', kind: 'text', required: true },
      { name: 'extraField', kind: 'keyValueList', required: false, default: [] },
    ],
  },
  {
    type: 'prometheus',
    queryType: 'textQuery',
    fields: [
      { name: 'queryText', kind: 'longText', required: true },
      { name: 'queryObject', kind: 'json', required: false },
      { name: 'dataSourceIds', kind: 'textList', required: false, default: [] },
    ],
  },
];

const form = (type: string, queryType?: string) => {
  const found = formFor(forms, type, queryType);
  if (!found) throw new Error(`no form for ${type}`);
  return found;
};

describe('the rule form draft', () => {
  it('starts from the declared defaults and sends what the type takes', () => {
    const draft = { ...draftOf(form('api')), name: 'Disk full' };
    expect(draft.fields).toEqual({ enableAutoResolve: false, autoResolveMinutes: '' });
    expect(draftBody(draft, form('api'))).toEqual({
      ok: true,
      body: {
        type: 'api',
        name: 'Disk full',
        description: null,
        showAcknowledgeBtn: false,
        tags: [],
        userIds: [],
        teamIds: [],
        endpointIds: [],
        scheduleTargets: [],
        // A new rule takes the service's group interval, one group, no repeats.
        groupInterval: null,
        groupBy: [],
        repeatInterval: 0,
        enableAutoResolve: false,
        autoResolveMinutes: null,
      },
    });
  });

  it('picks the first query type of a type with several, and keeps shared fields across a switch', () => {
    const dynamic = form('prometheus');
    expect(dynamic.queryType).toBe('dynamic');
    const draft = { ...draftOf(dynamic), fields: { ...draftOf(dynamic).fields, dataSourceIds: ['ds1'] } };
    const switched = switchForm(draft, form('prometheus', 'textQuery'));
    expect(switched.queryType).toBe('textQuery');
    expect(switched.fields).toEqual({ queryText: '', queryObject: '', dataSourceIds: ['ds1'] });
  });

  it('reads a stored rule, parses JSON, drops empty label pairs and refuses bad JSON at its field', () => {
    const textQuery = form('prometheus', 'textQuery');
    const stored = draftOf(textQuery);
    const good = {
      ...stored,
      name: 'Up',
      fields: { ...stored.fields, queryText: 'up == 0', queryObject: '{"step": 30}' },
    };
    const body = draftBody(good, textQuery);
    expect(body.ok && body.body).toMatchObject({
      queryType: 'textQuery',
      queryText: 'up == 0',
      queryObject: { step: 30 },
    });
    expect(draftBody({ ...good, fields: { ...good.fields, queryObject: '{step' } }, textQuery)).toEqual({
      ok: false,
      errors: { queryObject: 'This is not valid JSON.' },
    });
    const dynamic = form('prometheus', 'dynamic');
    const pairs = {
      ...draftOf(dynamic),
      fields: {
        dataSourceIds: [],
        dataSourceAlertName: 'HighLoad',
        extraField: [
          { key: 'team', value: 'db' },
          { key: ' ', value: 'x' },
        ],
      },
    };
    const sent = draftBody(pairs, dynamic);
    expect(sent.ok && sent.body.extraField).toEqual([{ key: 'team', value: 'db' }]);
  });

  it('labels a declared field in words', () => {
    expect(fieldLabel('dataSourceAlertName')).toBe('Data source alert name');
    expect(fieldLabel('autoResolveMinutes')).toBe('Auto resolve minutes');
    expect(fieldLabel('dataSourceIds')).toBe('Data sources');
    expect(fieldLabel('dataSourceId')).toBe('Data source');
  });
});

describe('the group action confirmation', () => {
  it('names how many rules it touches', () => {
    expect(groupActionWording('silence', 3).title).toBe('Silence 3 alert rules?');
    expect(groupActionWording('delete', 1).confirm).toBe('Delete 1 alert rule');
    expect(groupActionWording('silence', 3).body).toContain('the 3 alert rules the filters match');
    expect(groupActionWording('delete', 2, 'selection').body).toContain('The 2 alert rules you selected are');
  });
});

describe('a pick list whose source did not answer', () => {
  it('says which one, or that none could be reached', () => {
    expect(unreachableOf({ meta: { sources: [{ id: '1', name: 'prom-a' }] } }, null)).toBeNull();
    expect(
      unreachableOf({ meta: { sources: [{ id: '1', name: 'prom-a', error: 'connection refused' }] } }, null),
    ).toContain('prom-a (connection refused)');
    expect(unreachableOf(undefined, new Error('x'))).toMatch(/could not be reached/);
  });
});
