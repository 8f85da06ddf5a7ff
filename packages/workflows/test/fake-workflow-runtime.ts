import type { Activities } from '../src/temporal/activities';

/**
 * A stand-in for the Temporal workflow runtime, driven by the tests through `vi.mock`: activities
 * are scripted functions, time is a number the blocking calls advance, and signals are delivered
 * by whatever the test does while the workflow is blocked.
 */
export type TraceEntry =
  | { readonly op: 'activity'; readonly name: keyof Activities; readonly input: unknown }
  | { readonly op: 'block'; readonly timeoutMs: number | undefined }
  | { readonly op: 'sleep'; readonly ms: number }
  | {
      readonly op: 'startChild';
      readonly workflowType: string;
      readonly workflowId: string;
      /** Absent: the parent's task queue. */
      readonly taskQueue: string | undefined;
      readonly args: readonly unknown[];
      readonly parentClosePolicy: unknown;
    }
  | { readonly op: 'signal'; readonly name: string }
  | { readonly op: 'continueAsNew'; readonly args: readonly unknown[] };

type Handler = (...args: never[]) => void;

export interface FakeRuntime {
  now: number;
  continueAsNewSuggested: boolean;
  /** The task queue the workflow runs on. */
  taskQueue: string;
  /** Replaying a history recorded before any `patched()` branch existed: `patched` answers false. */
  replayingUnpatched: boolean;
  trace: TraceEntry[];
  activities: Partial<{ [Name in keyof Activities]: Activities[Name] }>;
  /** Options each `proxyActivities` call was made with, per activity name used from it. */
  activityOptions: Map<string, unknown>;
  handlers: Map<string, Handler>;
  /**
   * Run in order each time the workflow blocks or sleeps; when none is left a timed block times out.
   */
  whenBlocked: Array<(timeoutMs: number | undefined) => void>;
  startChild: (workflowId: string) => Promise<void>;
}

/** The one runtime the mocked `@temporalio/workflow` and the tests share. */
export const runtime: FakeRuntime = {
  now: 0,
  continueAsNewSuggested: false,
  taskQueue: 'oncall',
  replayingUnpatched: false,
  trace: [],
  activities: {},
  activityOptions: new Map(),
  handlers: new Map(),
  whenBlocked: [],
  startChild: async () => {},
};

/** Clears what one workflow run leaves behind; activity options stay (they are set at import). */
export function resetRuntime(now: number): void {
  runtime.now = now;
  runtime.continueAsNewSuggested = false;
  runtime.replayingUnpatched = false;
  runtime.trace = [];
  runtime.activities = {};
  runtime.handlers = new Map();
  runtime.whenBlocked = [];
  runtime.startChild = async () => {};
}

/** Delivers a signal the way Temporal does: to the handler the workflow registered. */
export function signal(name: string, ...args: unknown[]): void {
  const handler = runtime.handlers.get(name);
  if (handler === undefined) throw new Error(`no handler for signal ${name}`);
  runtime.trace.push({ op: 'signal', name });
  (handler as (...received: unknown[]) => void)(...args);
}

/** One line per traced call, so a test reads the workflow's command sequence at a glance. */
export function describeTrace(trace: readonly TraceEntry[]): string[] {
  return trace.map(describeEntry);
}

function describeEntry(entry: TraceEntry): string {
  switch (entry.op) {
    case 'activity':
      return describeActivity(entry.name, entry.input);
    case 'block':
      return `block ${entry.timeoutMs ?? 'until signalled'}`;
    case 'sleep':
      return `sleep ${entry.ms}`;
    case 'startChild':
      return `child ${entry.workflowType} ${entry.workflowId}${entry.taskQueue === undefined ? '' : ` on ${entry.taskQueue}`}`;
    case 'signal':
      return `signal ${entry.name}`;
    case 'continueAsNew':
      return 'continueAsNew';
  }
}

function describeActivity(name: keyof Activities, input: unknown): string {
  switch (name) {
    case 'sendNotification': {
      const request = input as Parameters<Activities['sendNotification']>[0];
      return `send ${request.providerConfigId}#${request.attempt}`;
    }
    case 'recordDeliveryAttempt': {
      const { record } = input as Parameters<Activities['recordDeliveryAttempt']>[0];
      return `record ${record.providerConfigId}#${record.attempt} ${record.outcome}`;
    }
    case 'resolveProviderChains': {
      const request = input as Parameters<Activities['resolveProviderChains']>[0];
      return `chains ${request.endpointIds.join(',')}`;
    }
    case 'routeFlowStep': {
      const request = input as Parameters<Activities['routeFlowStep']>[0];
      return `route ${request.endpointId}#${request.stepIndex}`;
    }
    case 'routePeopleStep':
    case 'routePeopleStepHeld': {
      const request = input as Parameters<Activities['routePeopleStep']>[0];
      return `page ${request.step.type}#${request.stepIndex} at ${new Date(request.atMs).toISOString()}`;
    }
    case 'resolveInstance': {
      const request = input as Parameters<Activities['resolveInstance']>[0];
      return `resolve ${request.ruleId}/${request.instance}`;
    }
    case 'reportUndeliverable': {
      const page = input as Parameters<Activities['reportUndeliverable']>[0];
      return `undeliverable ${page.alertEventId}/${page.endpointId}`;
    }
  }
}
