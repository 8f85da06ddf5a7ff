import type { Actor } from '@oncall/core';
import type { OnCallWhenFired, RuleInstant, Schedules } from '@oncall/schedules';
import DataLoader from 'dataloader';

/**
 * "Who was on call then" for a page of episodes or events: every parent's (rule, instant) of one
 * request goes to the on-call history in one statement.
 */
export class OnCallLoader {
  private readonly loader: DataLoader<RuleInstant, OnCallWhenFired[], string>;

  constructor(schedules: () => Schedules, actor: () => Promise<Actor>) {
    this.loader = new DataLoader(async (asked) => schedules().history.whenFired(await actor(), asked), {
      cacheKeyFn: (ask) => `${ask.ruleId}|${ask.at}`,
    });
  }

  at(ruleId: string, at: string): Promise<OnCallWhenFired[]> {
    return this.loader.load({ ruleId, at });
  }
}
