import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';

// The session module's only way out is the tRPC client: here it is a stand-in server whose refresh
// cookie has been revoked and whose login takes one password.
const server = vi.hoisted(() => ({ refreshRefused: false, password: 'right' }));
vi.mock('../src/trpc/client', () => {
  const refused = () =>
    TRPCClientError.from({ error: { message: 'No session', code: -32001, data: { code: 'UNAUTHORIZED' } } });
  const issued = {
    accessToken: 'a',
    expiresIn: 900,
    user: { id: 'u1', username: 'ana', name: 'Ana', role: 'member' },
  };
  return {
    setSessionRecovery: () => undefined,
    trpcClient: {
      auth: {
        browserLogin: {
          mutate: async ({ password }: { password: string }) => {
            if (password !== server.password) throw refused();
            return issued;
          },
        },
        browserRefresh: { mutate: async () => (server.refreshRefused ? Promise.reject(refused()) : issued) },
        browserLogout: { mutate: async () => undefined },
      },
    },
  };
});

const session = await import('../src/session/session');
const { accessToken } = await import('../src/session/access-token');

describe('a session that ends under the user', () => {
  it('recovers by a refresh when the cookie still holds, asking nobody', async () => {
    await session.logIn('ana', 'right');
    server.refreshRefused = false;
    await expect(session.recoverSession()).resolves.toBe(true);
    expect(session.isSessionExpired()).toBe(false);
  });

  it('keeps the user, asks for the password, and lets the waiting calls go once it is given', async () => {
    await session.logIn('ana', 'right');
    server.refreshRefused = true;
    const seen: boolean[] = [];
    const stop = session.onSessionExpiry((expired) => seen.push(expired));

    const first = session.recoverSession();
    const second = session.recoverSession();
    await vi.waitFor(() => expect(session.isSessionExpired()).toBe(true));
    expect(accessToken()).toBeNull();
    expect(session.currentUser()?.username).toBe('ana');

    await expect(session.logIn('ana', 'wrong')).rejects.toThrow();
    expect(session.isSessionExpired()).toBe(true);
    await session.logIn('ana', 'right');
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(seen).toEqual([true, false]);
    expect(accessToken()).toBe('a');
    stop();
  });

  it('fails the waiting calls when the user goes to the login page instead', async () => {
    await session.logIn('ana', 'right');
    server.refreshRefused = true;
    const waiting = session.recoverSession();
    await vi.waitFor(() => expect(session.isSessionExpired()).toBe(true));
    session.signOutHere();
    await expect(waiting).resolves.toBe(false);
    expect(session.currentUser()).toBeNull();
    await expect(session.recoverSession()).resolves.toBe(false);
  });
});
