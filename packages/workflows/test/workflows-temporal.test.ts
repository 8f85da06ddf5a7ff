import { readFileSync } from 'node:fs';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { workflowsPath } from '../src/index';

// Bundling and replaying run webpack and the native core: slow, but no server is involved.
const SLOW = 60_000;

beforeAll(() => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
});

function loadHistory(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`./histories/${name}`, import.meta.url), 'utf8'));
}

interface JsonHistory {
  events: Array<Record<string, unknown> & { eventType: string }>;
}

describe('workflow bundle', () => {
  it(
    'builds for the sandbox and contains every workflow',
    async () => {
      const { code } = await bundleWorkflowCode({ workflowsPath, logger: new DefaultLogger('WARN') });
      for (const name of ['deliveryWorkflow', 'flowWorkflow', 'autoResolveWorkflow']) {
        expect(code).toContain(`function ${name}(`);
      }
    },
    SLOW,
  );
});

describe('replay of recorded histories', () => {
  it.each([
    'delivery-fallback.json',
    'delivery-lane-busy.json',
    'flow-escalation.json',
    'flow-acknowledged.json',
    'flow-routed-steps.json',
    'auto-resolve-rearmed.json',
  ])(
    '%s replays deterministically',
    async (name) => {
      await expect(Worker.runReplayHistory({ workflowsPath }, loadHistory(name))).resolves.toBeUndefined();
    },
    SLOW,
  );

  it(
    'fails a history whose commands the code no longer issues (an older version that did not record attempts)',
    async () => {
      const history = loadHistory('delivery-without-record.diverged.json');
      await expect(Worker.runReplayHistory({ workflowsPath }, history)).rejects.toBeInstanceOf(
        DeterminismViolationError,
      );
    },
    SLOW,
  );

  it(
    'fails when the recorded signal would have made the decider wait instead of resolving',
    async () => {
      // Same history, but the re-arm says the instance fired at +9 minutes: at +14 minutes the deadline
      // (+19) has not passed, so the code starts a timer where the history resolves the instance.
      const history = loadHistory('auto-resolve-rearmed.json') as JsonHistory;
      const signalled = history.events.find(
        (event) => event.eventType === 'EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED',
      );
      const firedAt = Date.UTC(2025, 0, 1, 9, 9);
      const data = Buffer.from(JSON.stringify({ firedAt })).toString('base64');
      expect(signalled).toBeDefined();
      Object.assign(signalled ?? {}, {
        workflowExecutionSignaledEventAttributes: {
          signalName: 'rearm',
          input: {
            payloads: [{ metadata: { encoding: Buffer.from('json/plain').toString('base64') }, data }],
          },
        },
      });
      await expect(Worker.runReplayHistory({ workflowsPath }, history)).rejects.toBeInstanceOf(
        DeterminismViolationError,
      );
    },
    SLOW,
  );
});
