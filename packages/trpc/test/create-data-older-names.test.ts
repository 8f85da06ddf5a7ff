import type { Core } from '@oncall/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alertRuleTypeInputs } from '../src/inputs/alert-rule-inputs';
import { alertRuleCreateDataRouter } from '../src/routers/alert-rule-create-data-router';
import { router } from '../src/trpc';

/** A core that authenticates any token and says which create-data use case it was asked. */
function stubCore(): Core {
  const stub = {
    auth: { authenticate: async () => ({ id: 'u1', role: 'member' }) },
    alertRuleCreateData: {
      formOptions: async (_actor: unknown, type: string) => ({ asked: 'formOptions', type }),
      labels: async () => ({ asked: 'labels' }),
    },
  };
  return stub as unknown as Core;
}

describe('tRPC createData: the older name of each form-lists type', () => {
  const inputs = alertRuleTypeInputs(new Map([['api', { fields: z.object({}) }]]), []);
  const app = router({ createData: alertRuleCreateDataRouter(inputs, ['uptime_kuma', 'labels']) });
  const caller = app.createCaller({ core: stubCore(), accessToken: 'token' });

  it('answers `createData.{type}` as `formOptions({ type })` for a type whose plugin declares formLists', async () => {
    // The older names depend on the loaded plugins, so the router's type does not list them.
    const olderNames = caller.createData as unknown as Record<string, () => Promise<unknown>>;
    await expect(olderNames.uptime_kuma?.()).resolves.toEqual({
      asked: 'formOptions',
      type: 'uptime_kuma',
    });
  });

  it("keeps the router's own procedure when a type is named like it", async () => {
    await expect(caller.createData.labels()).resolves.toEqual({ asked: 'labels' });
  });
});
