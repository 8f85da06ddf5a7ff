import {
  type AutoResolveState,
  autoResolveWorkflowId,
  decideAutoResolve,
  initialAutoResolveState,
} from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { SendJobOptions } from '../boss/job-queue';
import type { AutoResolveJob } from './jobs';

/**
 * The decider's state for a timer whose instance last fired at `lastFiredAt`: the embedded driver
 * keeps no timer state between jobs, it rebuilds it from the instance row each time.
 */
export function armedAutoResolveState(
  job: AutoResolveJob,
  autoResolveMinutes: number,
  lastFiredAt: number,
): { state: AutoResolveState; untilMs: number } {
  const { state, commands } = decideAutoResolve(
    initialAutoResolveState({ ruleId: job.ruleId, instance: job.fingerprint }),
    { type: 'armed', autoResolveMinutes, firedAt: lastFiredAt },
  );
  const [wait] = commands;
  if (wait?.type !== 'wait') throw new Error('decideAutoResolve did not arm a fresh timer');
  return { state, untilMs: wait.untilMs };
}

/**
 * The job of an episode's timer. Its id names the episode, so a replayed arm finds it queued; the
 * rest of a wait is a job named after the one that ran (`autoResolveContinuationOptions`).
 */
export function autoResolveTimerOptions(job: AutoResolveJob, untilMs: number, nowMs: number): SendJobOptions {
  const key = `${autoResolveWorkflowId(job.ruleId, job.fingerprint)}:${job.episodeId}`;
  return { id: jobIdFor(key), delayMs: Math.max(0, untilMs - nowMs) };
}

/**
 * The job that waits out the rest after the timer job `jobId` ran early. Named after its
 * predecessor, not the deadline: a job run early by clock skew between the database (which delays
 * jobs) and the application (which dates fires) waits again for the same deadline, which must be a
 * new job; a replay of the same handler still finds its continuation queued.
 */
export function autoResolveContinuationOptions(
  jobId: string,
  untilMs: number,
  nowMs: number,
): SendJobOptions {
  return { id: jobIdFor(`${jobId}:rest`), delayMs: Math.max(0, untilMs - nowMs) };
}
