import type * as Workflow from '@temporalio/workflow';
import type { Activities } from '../src/temporal/activities';
import { runtime } from './fake-workflow-runtime';

/**
 * What `vi.mock('@temporalio/workflow', …)` answers: the plain classes and constants of the real
 * module, and the runtime calls played by the fake runtime (`runtime`), which tests drive.
 *
 * @example
 * vi.mock('@temporalio/workflow', async (importOriginal) => {
 *   const { fakeWorkflowModule } = await import('./fake-workflow-module');
 *   return fakeWorkflowModule(await importOriginal<typeof import('@temporalio/workflow')>());
 * });
 */
export function fakeWorkflowModule(actual: typeof Workflow) {
  return {
    // Plain classes and constants work outside a workflow; only the runtime calls are faked.
    ActivityFailure: actual.ActivityFailure,
    ApplicationFailure: actual.ApplicationFailure,
    TemporalFailure: actual.TemporalFailure,
    ParentClosePolicy: actual.ParentClosePolicy,
    defineSignal: (name: string) => ({ name, type: 'signal' }),
    setHandler: (definition: { name: string }, handler: (...args: never[]) => void) => {
      runtime.handlers.set(definition.name, handler);
    },
    proxyActivities: (options: unknown) =>
      new Proxy(
        {},
        {
          get: (_target, name) => {
            const activity = String(name) as keyof Activities;
            runtime.activityOptions.set(activity, options);
            return async (input: unknown) => {
              runtime.trace.push({ op: 'activity', name: activity, input });
              const implementation = runtime.activities[activity] as
                | ((input: unknown) => Promise<unknown>)
                | undefined;
              if (implementation === undefined) throw new Error(`activity ${activity} not scripted`);
              return implementation(input);
            };
          },
        },
      ),
    condition: async (fn: () => boolean, timeoutMs?: number) => {
      runtime.trace.push({ op: 'block', timeoutMs });
      const blockedAt = runtime.now;
      runtime.whenBlocked.shift()?.(timeoutMs);
      if (fn()) return timeoutMs === undefined ? undefined : true;
      if (timeoutMs === undefined) throw new Error('the workflow would block forever');
      runtime.now = blockedAt + timeoutMs;
      return false;
    },
    sleep: async (ms: number) => {
      runtime.trace.push({ op: 'sleep', ms });
      runtime.now += ms;
      runtime.whenBlocked.shift()?.(ms);
    },
    startChild: async (
      workflow: { name: string },
      options: { workflowId: string; taskQueue?: string; args: unknown[]; parentClosePolicy: unknown },
    ) => {
      runtime.trace.push({
        op: 'startChild',
        workflowType: workflow.name,
        workflowId: options.workflowId,
        taskQueue: options.taskQueue,
        args: options.args,
        parentClosePolicy: options.parentClosePolicy,
      });
      await runtime.startChild(options.workflowId);
    },
    workflowInfo: () => ({
      continueAsNewSuggested: runtime.continueAsNewSuggested,
      taskQueue: runtime.taskQueue,
    }),
    patched: () => !runtime.replayingUnpatched,
    continueAsNew: async (...args: unknown[]) => {
      runtime.trace.push({ op: 'continueAsNew', args });
      throw new Error('continued as new');
    },
  };
}
