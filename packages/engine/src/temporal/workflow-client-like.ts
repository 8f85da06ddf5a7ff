import type { WorkflowIdConflictPolicy, WorkflowIdReusePolicy } from '@temporalio/common';

/** The start options the engine uses; a subset of the SDK's `WorkflowStartOptions`. */
export interface WorkflowStartRequest {
  readonly workflowId: string;
  readonly taskQueue: string;
  readonly args: readonly unknown[];
  readonly workflowIdReusePolicy: WorkflowIdReusePolicy;
  readonly workflowIdConflictPolicy: WorkflowIdConflictPolicy;
}

/** `signalWithStart` options: signal the running execution, or start one and signal it. */
export interface WorkflowSignalWithStartRequest {
  readonly workflowId: string;
  readonly taskQueue: string;
  readonly args: readonly unknown[];
  readonly signal: string;
  readonly signalArgs: unknown[];
  readonly workflowIdReusePolicy: WorkflowIdReusePolicy;
}

/**
 * The part of Temporal's `WorkflowClient` the engine calls, so tests can record starts and signals
 * without a server. The SDK's client satisfies it.
 */
export interface WorkflowClientLike {
  start(workflowType: string, options: WorkflowStartRequest): Promise<unknown>;
  signalWithStart(workflowType: string, options: WorkflowSignalWithStartRequest): Promise<unknown>;
  getHandle(workflowId: string): { signal(signalName: string): Promise<void> };
}
