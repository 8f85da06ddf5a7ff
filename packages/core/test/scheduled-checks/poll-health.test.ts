import { describe, expect, it } from 'vitest';
import { type PollHealth, planPollHealth, pollHealthOf } from '../../src/scheduled-checks/poll-health';

const eager = { id: 'eager', threshold: { runs: 1, afterMs: 0 } };
const patient = { id: 'patient', threshold: { runs: 3, afterMs: 60_000 } };
const none: PollHealth = { failing: null, openRuleIds: [] };

describe('planPollHealth', () => {
  it("opens each listening rule's episode at its own threshold, once, and resolves every one opened", () => {
    const first = planPollHealth({ now: 0, error: 'HTTP 502', previous: none, rules: [eager, patient] });
    expect(first.signals.map((s) => `${s.ruleId}:${s.signal.kind}`)).toEqual(['eager:fired']);
    const second = planPollHealth({
      now: 30_000,
      error: 'HTTP 502',
      previous: first.health,
      rules: [eager, patient],
    });
    expect(second.signals).toEqual([]);
    const third = planPollHealth({
      now: 60_000,
      error: 'HTTP 502',
      previous: second.health,
      rules: [eager, patient],
    });
    expect(third.signals.map((s) => `${s.ruleId}:${s.signal.kind}`)).toEqual(['patient:fired']);
    expect(third.health).toMatchObject({ failing: { since: 0, runs: 3, open: true } });
    // Stored and read back as the check's memory; a rule that stopped listening still resolves.
    const stored = pollHealthOf(JSON.parse(JSON.stringify(third.health)));
    const back = planPollHealth({ now: 90_000, error: null, previous: stored, rules: [] });
    expect(back.signals.map((s) => `${s.ruleId}:${s.signal.kind}`).sort()).toEqual([
      'eager:resolved',
      'patient:resolved',
    ]);
    expect(back.health).toEqual(none);
  });

  it('counts failed polls with no rule listening, and a poll that answers after them resolves nothing', () => {
    const failed = planPollHealth({ now: 0, error: 'refused', previous: none, rules: [] });
    expect(failed.health).toEqual({ failing: { since: 0, runs: 1, open: false }, openRuleIds: [] });
    expect(planPollHealth({ now: 1, error: null, previous: failed.health, rules: [] }).signals).toEqual([]);
  });
});
