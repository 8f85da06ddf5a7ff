import type { ArmedInstanceReader, Clock } from '@oncall/core';
import { decideAutoResolve, type InstanceResolver } from '@oncall/workflows';
import type { JobQueue } from '../boss/job-queue';
import { QUEUES } from '../driver/queues';
import { armedAutoResolveState, autoResolveContinuationOptions } from './auto-resolve-timer';
import type { AutoResolveJob } from './jobs';

export interface AutoResolveRunnerDeps {
  readonly queue: JobQueue;
  readonly instances: InstanceResolver;
  readonly readInstance: ArmedInstanceReader;
  readonly clock: Clock;
}

/**
 * Runs an auto-resolve timer that came due. The instance row is the timer's memory: its episode
 * must still be the one the timer was armed for, and the deadline is counted from its last fire,
 * so a timer armed before later fires waits again for the rest (a job of its own) instead of each
 * fire writing a job. A due deadline resolves through the `InstanceResolver`, which re-checks under
 * the row lock; a fire that slipped in between is then waited for like any other.
 */
export function createAutoResolveRunner(deps: AutoResolveRunnerDeps) {
  return async function runAutoResolveTimer(job: AutoResolveJob, jobId: string): Promise<void> {
    let resolvedFrom: number | null = null;
    for (;;) {
      const armed = await deps.readInstance(job.ruleId, job.fingerprint);
      if (armed === null || armed.episodeId !== job.episodeId) return;
      if (armed.lastFiredAt === resolvedFrom) {
        throw new Error(`Auto-resolve of ${job.ruleId}/${job.fingerprint} left it firing; retrying`);
      }
      const now = deps.clock.now().getTime();
      const { state } = armedAutoResolveState(job, armed.autoResolveMinutes, armed.lastFiredAt);
      for (const command of decideAutoResolve(state, { type: 'timerFired', now }).commands) {
        switch (command.type) {
          case 'wait':
            await deps.queue.send(
              QUEUES.autoResolve,
              job,
              autoResolveContinuationOptions(jobId, command.untilMs, now),
            );
            return;
          case 'resolveInstance':
            await deps.instances.resolve({
              ruleId: command.ruleId,
              instance: command.instance,
              description: command.description,
              lastFiredAt: command.lastFiredAt,
            });
            resolvedFrom = command.lastFiredAt;
            break;
          case 'finish':
            break;
        }
      }
    }
  };
}
