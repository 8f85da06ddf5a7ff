import type { Actor } from '@oncall/core';
import type { Schedules, StoredSchedule } from '@oncall/schedules';
import DataLoader from 'dataloader';

/**
 * The schedules a page of rules' targets name, each only if the caller may use it: one statement
 * per request whatever the number of rules and targets.
 */
export class UsableScheduleLoader {
  private readonly loader: DataLoader<string, StoredSchedule | null>;

  constructor(schedules: () => Schedules, actor: () => Promise<Actor>) {
    this.loader = new DataLoader(async (ids) => schedules().usableOf(await actor(), ids));
  }

  /** Null when the caller may not use the schedule (or it is gone). */
  get(id: string): Promise<StoredSchedule | null> {
    return this.loader.load(id);
  }
}
