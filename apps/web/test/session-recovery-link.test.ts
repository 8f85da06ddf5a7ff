import { createTRPCUntypedClient, TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { describe, expect, it, vi } from 'vitest';
import { sessionRecoveryLink } from '../src/trpc/session-recovery-link';

function refused(code: string) {
  return TRPCClientError.from({ error: { message: code, code: -32001, data: { code } } });
}

/** A server that answers each call in turn from `answers` ('ok' or an error code), and counts calls. */
function scriptedServer(answers: string[]) {
  const calls: string[] = [];
  const link: TRPCLink<AnyRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path);
        const answer = answers.shift() ?? 'ok';
        if (answer === 'ok') {
          observer.next({ result: { type: 'data', data: `${op.path} done` } });
          observer.complete();
        } else observer.error(refused(answer));
        return () => undefined;
      });
  return { link, calls };
}

function clientWith(recover: () => Promise<boolean>, answers: string[]) {
  const server = scriptedServer(answers);
  const client = createTRPCUntypedClient<AnyRouter>({
    links: [sessionRecoveryLink(recover), server.link],
  });
  return { client, calls: server.calls };
}

describe('sessionRecoveryLink', () => {
  it('runs a call refused for a lost session again once the session is back', async () => {
    let letIn: (recovered: boolean) => void = () => undefined;
    const recover = vi.fn(() => new Promise<boolean>((resolve) => (letIn = resolve)));
    const { client, calls } = clientWith(recover, ['UNAUTHORIZED', 'ok']);

    const saved = client.mutation('alertRules.update', { id: '1' });
    await vi.waitFor(() => expect(recover).toHaveBeenCalledOnce());
    expect(calls).toEqual(['alertRules.update']);
    letIn(true);

    await expect(saved).resolves.toBe('alertRules.update done');
    expect(calls).toEqual(['alertRules.update', 'alertRules.update']);
  });

  it('fails with the refusal when the session does not come back', async () => {
    const { client, calls } = clientWith(async () => false, ['UNAUTHORIZED']);
    await expect(client.query('alertRules.list', {})).rejects.toThrow('UNAUTHORIZED');
    expect(calls).toHaveLength(1);
  });

  it('tries once more only: a second refusal after recovery is the answer', async () => {
    const recover = vi.fn(async () => true);
    const { client, calls } = clientWith(recover, ['UNAUTHORIZED', 'UNAUTHORIZED']);
    await expect(client.query('alertRules.list', {})).rejects.toThrow('UNAUTHORIZED');
    expect(recover).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(2);
  });

  it('leaves other errors and the browser-session procedures alone', async () => {
    const recover = vi.fn(async () => true);
    const forbidden = clientWith(recover, ['FORBIDDEN']);
    await expect(forbidden.client.query('users.list', {})).rejects.toThrow('FORBIDDEN');
    const refresh = clientWith(recover, ['UNAUTHORIZED']);
    await expect(refresh.client.mutation('auth.browserRefresh', undefined)).rejects.toThrow('UNAUTHORIZED');
    expect(recover).not.toHaveBeenCalled();
  });
});
