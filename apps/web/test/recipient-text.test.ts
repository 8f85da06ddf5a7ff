import { describe, expect, it } from 'vitest';
import { recipientText } from '../src/rules/recipient-text';

describe('recipientText', () => {
  const base = { userId: 'u1', name: 'Ana', scheduleName: 'Primary', stepIndex: 0 } as const;

  it('says why each person was paged', () => {
    expect(recipientText({ ...base, via: 'schedule' })).toBe('Ana, on call in Primary, step 1');
    expect(recipientText({ ...base, via: 'schedule', overrideId: 'o1' })).toBe(
      'Ana, on call in Primary (an override), step 1',
    );
    expect(recipientText({ ...base, via: 'teamAdmins', stepIndex: 2 })).toBe(
      'Ana, team admin: nobody on call in Primary, step 3',
    );
    expect(recipientText({ ...base, via: 'user', scheduleName: null })).toBe('Ana, named by step 1');
    expect(recipientText({ ...base, via: 'team', name: null })).toBe('a deleted user, in the team of step 1');
  });

  it("does not name a schedule the server did not name (deleted, or not the reader's to use)", () => {
    expect(recipientText({ ...base, via: 'schedule', scheduleName: null })).toBe(
      'Ana, on call in a schedule you cannot see, step 1',
    );
  });

  it('names the notification rule that paged', () => {
    expect(recipientText({ ...base, via: 'user', rule: { urgency: 'default', delayMinutes: 2 } })).toBe(
      'Ana, named by step 1 (their rule: after 2 min)',
    );
    expect(recipientText({ ...base, via: 'schedule', rule: { urgency: 'high', delayMinutes: 0 } })).toBe(
      'Ana, on call in Primary, step 1 (their high-urgency rule: at once)',
    );
  });
});
