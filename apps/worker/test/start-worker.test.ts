import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '@oncall/config';
import { createActivities, LaneSlots } from '@oncall/workflows';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { startWorker, workerOptionsFrom } from '../src/index';

const unused = async (): Promise<never> => {
  throw new Error('not called in these tests');
};
const activities = createActivities({
  sender: { send: unused },
  deliveryLog: { append: unused },
  providerChains: { chainFor: unused },
  routes: { chainForKind: unused, routeOf: unused, followUpTargets: unused },
  people: { pagesAt: unused },
  instances: { resolve: unused },
  shares: { sharesOf: unused },
  laneSlots: new LaneSlots({ perEndpointOwner: 2, perRule: 3, perRuleOwner: 4 }),
});

describe('startWorker', () => {
  it.each([
    'localhost', // no port
    'http://temporal:7233', // a URL, not an address
    'temporal:0',
    'temporal:70000',
    'tem poral:7233',
    '',
  ])('rejects the address %j before connecting', async (address) => {
    await expect(
      startWorker({ address, namespace: 'default', taskQueue: 'oncall', activities }),
    ).rejects.toBeInstanceOf(ZodError);
  });

  it('rejects an empty task queue', async () => {
    await expect(
      startWorker({ address: 'temporal:7233', namespace: 'default', taskQueue: '', activities }),
    ).rejects.toBeInstanceOf(ZodError);
  });
});

describe('workerOptionsFrom', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'oncall-worker-')), ...env });

  it('polls where the configuration says', () => {
    expect(
      workerOptionsFrom(
        config({
          TEMPORAL_ADDRESS: '[::1]:7233',
          TEMPORAL_NAMESPACE: 'oncall-prod',
          TEMPORAL_TASK_QUEUE: 'pages',
        }),
      ),
    ).toEqual({ address: '[::1]:7233', namespace: 'oncall-prod', taskQueue: 'pages' });
  });

  it('requires TEMPORAL_ADDRESS, naming it', () => {
    expect(() => workerOptionsFrom(config({}))).toThrowError(ConfigError);
    expect(() => workerOptionsFrom(config({}))).toThrowError(/TEMPORAL_ADDRESS: /);
  });
});
