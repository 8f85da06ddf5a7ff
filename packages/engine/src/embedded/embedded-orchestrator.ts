import type { Clock, NotifyRequest, Orchestrator, StatementOutbox } from '@oncall/core';
import { noticeWorkflowId, notifyWorkflowId, otpWorkflowId } from '@oncall/workflows';
import { jobIdFor, jobIdSql } from '../boss/job-id';
import type { JobQueue } from '../boss/job-queue';
import { QUEUES } from '../driver/queues';
import { armedAutoResolveState, autoResolveTimerOptions } from './auto-resolve-timer';
import type { DirectDispatch } from './direct-dispatch';
import { escalationStopId } from './escalation-stop-id';
import type { AutoResolveJob, DispatchJob, EscalationStopJob } from './jobs';

/** Where dispatches run when this process runs them itself after commit. */
export interface DirectDispatchSlot {
  /** The running engine's direct dispatch; null when jobs go to the workers at once. */
  current(): DirectDispatch | null;
  /** How long a dispatch job waits for its direct run before a worker may take it over. */
  readonly leaseMs: number;
}

/**
 * The core's Orchestrator port on the embedded queue: every call writes a job inside the caller's
 * transaction. Job ids come from the business keys, so a repeated call (a retried request, the same
 * event notified twice) finds the job already there and pages nobody twice. A dispatch job is, when
 * this process runs dispatches itself, delayed by the lease and run here after commit
 * (`direct-dispatch.ts`); a job that already existed is left to whoever owns it. An auto-resolve
 * timer is one delayed job per episode: repeated fires write nothing, the timer reads the
 * instance's last fire when it runs out.
 *
 * While this process runs dispatches itself, the core's own statements may queue notifies too
 * (`statementOutbox`): the same delayed `direct` dispatch jobs under the same ids, written by
 * pg-boss's insert embedded in the statement, run here once it has committed.
 */
export function createEmbeddedOrchestrator(
  queue: () => JobQueue,
  clock: Clock,
  direct: DirectDispatchSlot,
): Orchestrator {
  // One insert for every dispatch of a call: an event paging all its rule's endpoints writes once.
  const dispatch = async (
    tx: Parameters<Orchestrator['notify']>[0],
    jobs: ReadonlyArray<{ readonly job: DispatchJob; readonly key: string }>,
  ) => {
    const here = direct.current();
    const byId = new Map(jobs.map(({ job, key }) => [jobIdFor(key), job]));
    const owner = queue().processId;
    const rows = [...byId].map(([id, job]) => ({
      id,
      data: here === null ? job : { ...job, direct: true, owner },
    }));
    const delay = here === null ? {} : { delayMs: direct.leaseMs };
    const created = await queue().sendManyInTransaction(tx, QUEUES.dispatch, rows, delay);
    for (const id of created) {
      const job = byId.get(id);
      if (here && job) here.track(tx, id, job);
    }
  };
  const notifyJob = ({ alertEventId, endpointId }: NotifyRequest) => ({
    job: { type: 'notify', alertEventId, endpointId } as const,
    key: notifyWorkflowId(alertEventId, endpointId),
  });
  const statementOutbox = (): StatementOutbox => {
    const here = direct.current();
    const key = `'notify:' || s.alert_event_id || ':' || s.endpoint_id`;
    // A statement's inserted rows are not visible to the rest of it, only what the insert returns:
    // the ids, matched back to their pairs.
    const dispatched = (source: string, where = 'true') => `outbox_dispatched as (
        select s.alert_event_id, s.endpoint_id, created.id::text as ref
          from ${source} as s join outbox_dispatch_jobs as created on created.id = ${jobIdSql(key)}
         where ${where})`;
    if (here === null) {
      // No dispatch here (a process that only queues, or direct dispatch off): the jobs are
      // runnable at once, and one NOTIFY per statement wakes the workers, wherever they run.
      return {
        ctes: (source) => {
          const rows = `select coalesce(json_agg(json_build_object(
              'id', ${jobIdSql(key)},
              'data', json_build_object('type', 'notify', 'alertEventId', s.alert_event_id,
                                        'endpointId', s.endpoint_id))), '[]')::text
            from ${source} as s`;
          return {
            sql: `outbox_dispatch_jobs as (${queue().insertStatement(QUEUES.dispatch, rows)}),
              outbox_woken as (
                select woken.* from (select 1 from outbox_dispatch_jobs limit 1) as queued,
                  lateral (${queue().notifyStatement(QUEUES.dispatch)}) as woken),
              ${dispatched(source, '(select count(*) from outbox_woken) >= 0')}`,
            created: 'outbox_dispatched',
          };
        },
        committed: () => undefined,
      };
    }
    return {
      ctes: (source) => {
        // The rows as pg-boss's insert takes them (`sendManyInTransaction`'s, delay in seconds as text).
        const rows = `select coalesce(json_agg(json_build_object(
            'id', ${jobIdSql(key)},
            'data', json_build_object('type', 'notify', 'alertEventId', s.alert_event_id,
                                      'endpointId', s.endpoint_id, 'direct', true,
                                      'owner', '${queue().processId}'),
            'startAfter', '${direct.leaseMs / 1000}')), '[]')::text
          from ${source} as s`;
        return {
          sql: `outbox_dispatch_jobs as (${queue().insertStatement(QUEUES.dispatch, rows)}),
            ${dispatched(source)}`,
          created: 'outbox_dispatched',
        };
      },
      committed: (queued) =>
        here.runCommitted(
          queued.map(({ alertEventId, endpointId, ref }) => ({
            id: ref,
            job: { type: 'notify', alertEventId, endpointId },
          })),
        ),
    };
  };
  return {
    statementOutbox,
    sendOtp: (tx, { otpId, channel }) =>
      dispatch(tx, [{ job: { type: 'otp', otpId, channel }, key: otpWorkflowId(otpId) }]),
    sendNotice: (tx, { noticeId, endpointId }) =>
      dispatch(tx, [
        { job: { type: 'notice', noticeId, endpointId }, key: noticeWorkflowId(noticeId, endpointId) },
      ]),
    notify: (tx, request) => dispatch(tx, [notifyJob(request)]),
    notifyMany: (tx, requests) => dispatch(tx, requests.map(notifyJob)),
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
