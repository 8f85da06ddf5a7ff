import type { OnCallAnswer } from './model';

/** The port the engine calls when a step pages a schedule (wired later, #32 item 4). */
export interface OnCallResolver {
  onCallAt(scheduleId: string, instant: number): Promise<OnCallAnswer>;
}
