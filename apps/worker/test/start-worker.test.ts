import { createActivities } from '@oncall/workflows';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { startWorker, workerOptionsFromEnv } from '../src/index';

const unused = async (): Promise<never> => {
  throw new Error('not called in these tests');
};
const activities = createActivities({
  sender: { send: unused },
  deliveryLog: { append: unused },
  providerChains: { chainFor: unused },
  instances: { resolve: unused },
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

describe('workerOptionsFromEnv', () => {
  it('defaults the namespace and task queue', () => {
    expect(workerOptionsFromEnv({ TEMPORAL_ADDRESS: 'temporal:7233' })).toEqual({
      address: 'temporal:7233',
      namespace: 'default',
      taskQueue: 'oncall',
    });
  });

  it('reads every setting', () => {
    expect(
      workerOptionsFromEnv({
        TEMPORAL_ADDRESS: '[::1]:7233',
        TEMPORAL_NAMESPACE: 'oncall-prod',
        TEMPORAL_TASK_QUEUE: 'pages',
      }),
    ).toEqual({ address: '[::1]:7233', namespace: 'oncall-prod', taskQueue: 'pages' });
  });

  it('requires TEMPORAL_ADDRESS', () => {
    expect(() => workerOptionsFromEnv({})).toThrow(ZodError);
  });
});
