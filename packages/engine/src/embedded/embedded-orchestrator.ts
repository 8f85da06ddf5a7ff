import type { Clock, Orchestrator } from '@oncall/core';
import { notifyWorkflowId, otpWorkflowId } from '@oncall/workflows';
import { jobIdFor } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import { QUEUES } from '../driver/queues';
import { armedAutoResolveState, autoResolveTimerOptions } from './auto-resolve-timer';
import { escalationStopId } from './escalation-stop-id';
import type { AutoResolveJob, DispatchJob, EscalationStopJob } from './jobs';

/**
 * The core's Orchestrator port on the embedded queue: every call writes a job inside the caller's
 * transaction. Job ids come from the business keys, so a repeated call (a retried request, the same
 * event notified twice) finds the job already there and pages nobody twice. An auto-resolve timer
 * is one delayed job per episode: repeated fires write nothing, the timer reads the instance's last
 * fire when it runs out.
 */
export function createEmbeddedOrchestrator(queue: () => JobQueue, clock: Clock): Orchestrator {
  const dispatch = (tx: Parameters<Orchestrator['notify']>[0], job: DispatchJob, key: string) =>
    queue().sendInTransaction(tx, QUEUES.dispatch, job, { id: jobIdFor(key) });
  return {
    sendOtp: (tx, { otpId, channel }) => dispatch(tx, { type: 'otp', otpId, channel }, otpWorkflowId(otpId)),
    notify: (tx, { alertEventId, endpointId }) =>
      dispatch(tx, { type: 'notify', alertEventId, endpointId }, notifyWorkflowId(alertEventId, endpointId)),
    stopEscalations: (tx, { alertEventId, reason }) => {
      const marker: EscalationStopJob = { alertEventId, reason };
      return queue().sendInTransaction(tx, QUEUES.escalationStop, marker, {
        id: escalationStopId(alertEventId),
      });
    },
    // The timer reads the instance's last fire when it runs out.
    needsRepeatedFires: false,
    armAutoResolve: async (tx, { ruleId, fingerprint, episodeId, opened, autoResolveMinutes, firedAt }) => {
      if (!opened) return;
      const job: AutoResolveJob = { ruleId, fingerprint, episodeId };
      const { untilMs } = armedAutoResolveState(job, autoResolveMinutes, firedAt.getTime());
      await queue().sendInTransaction(
        tx,
        QUEUES.autoResolve,
        job,
        autoResolveTimerOptions(job, untilMs, clock.now().getTime()),
      );
    },
  };
}
