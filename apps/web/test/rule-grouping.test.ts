import { describe, expect, it } from 'vitest';
import { carriedText } from '../src/rules/carried-text';
import { draftBody, draftOf, type RuleTypeForm, type StoredRule } from '../src/rules/rule-draft';
import {
  groupIntervalHint,
  groupingBody,
  groupingDraftOf,
  intervalDraftOf,
  repeatIntervalHint,
  secondsOf,
} from '../src/rules/rule-grouping';

const apiForm: RuleTypeForm = { type: 'api', fields: [] };

describe("a rule's grouping settings in the form", () => {
  it('shows whole minutes as minutes and anything else as seconds; empty stays empty', () => {
    expect(intervalDraftOf(600)).toEqual({ amount: 10, unit: 'minutes' });
    expect(intervalDraftOf(90)).toEqual({ amount: 90, unit: 'seconds' });
    expect(intervalDraftOf(0)).toEqual({ amount: 0, unit: 'seconds' });
    expect(intervalDraftOf(null)).toEqual({ amount: '', unit: 'minutes' });
    expect(secondsOf({ amount: 5, unit: 'minutes' })).toBe(300);
    expect(secondsOf({ amount: '', unit: 'seconds' })).toBeNull();
  });

  it('sends an empty group interval as null (the service default) and an empty repeat as 0 (never)', () => {
    const draft = groupingDraftOf();
    expect(groupingBody(draft)).toEqual({ groupInterval: null, groupBy: [], repeatInterval: 0 });
    expect(
      groupingBody({
        groupInterval: { amount: 0, unit: 'minutes' },
        groupBy: [' job ', ''],
        repeatInterval: { amount: 30, unit: 'minutes' },
      }),
    ).toEqual({ groupInterval: 0, groupBy: ['job'], repeatInterval: 1800 });
  });

  it("reads a stored rule's settings back as they were sent", () => {
    const stored = { groupInterval: 120, groupBy: ['job', 'region'], repeatInterval: 45 };
    expect(groupingBody(groupingDraftOf(stored))).toEqual(stored);
    expect(groupingDraftOf({ groupInterval: null, groupBy: [], repeatInterval: 0 }).repeatInterval).toEqual({
      amount: '',
      unit: 'minutes',
    });
  });

  it('puts the grouping fields in the create body', () => {
    const rule = {
      name: 'Disks',
      groupInterval: 0,
      groupBy: ['job'],
      repeatInterval: 3600,
    } as unknown as StoredRule;
    const result = draftBody(draftOf(apiForm, rule), apiForm);
    expect(result.ok && result.body).toMatchObject({
      groupInterval: 0,
      groupBy: ['job'],
      repeatInterval: 3600,
    });
  });

  it('says what each interval as typed will do, naming the service default', () => {
    expect(groupIntervalHint({ amount: '', unit: 'minutes' })).toBe(
      'Empty: the service default (ALERT_GROUP_INTERVAL_SECONDS).',
    );
    expect(groupIntervalHint({ amount: '', unit: 'minutes' }, 300)).toBe(
      'Empty: the service default (ALERT_GROUP_INTERVAL_SECONDS), 5 minutes.',
    );
    expect(groupIntervalHint({ amount: '', unit: 'minutes' }, 0)).toContain('0: one page per instance');
    expect(groupIntervalHint({ amount: 0, unit: 'minutes' })).toBe('0: every instance pages on its own.');
    expect(groupIntervalHint({ amount: 1, unit: 'minutes' })).toContain(
      'in the next 1 minute goes as one message',
    );
    expect(repeatIntervalHint({ amount: '', unit: 'minutes' })).toContain('never repeated');
    expect(repeatIntervalHint({ amount: 90, unit: 'seconds' })).toContain('again 90 seconds after');
  });
});

describe('the instances a group message carried, in the delivery log', () => {
  const named = (...names: Array<string | null>) => names.map((instance) => ({ instance }));

  it('names the first three, firing first, and counts the rest', () => {
    expect(carriedText({ firing: named('web-1', 'web-2', 'web-3', 'web-4', 'web-5'), resolved: [] })).toBe(
      'carried 5: web-1, web-2, web-3, … and 2 more',
    );
  });

  it('marks resolves and instances no longer stored', () => {
    expect(carriedText({ firing: named(null), resolved: named('db-1') })).toBe(
      'carried 2: a pruned instance, db-1 (resolved)',
    );
  });
});
