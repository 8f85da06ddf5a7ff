import { trpcClient } from '../trpc/client';
import { serverErrorOf } from '../trpc/server-error';
import { setAccessToken } from './access-token';

export interface SessionUser {
  id: string;
  username: string;
  name: string;
  role: string;
}

type Listener = (user: SessionUser | null) => void;

interface IssuedAccess {
  accessToken: string;
  expiresIn: number;
  user: SessionUser;
}

let user: SessionUser | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<SessionUser | null> | undefined;
let started: Promise<SessionUser | null> | undefined;
const listeners = new Set<Listener>();

function signedIn(issued: IssuedAccess): SessionUser {
  setAccessToken(issued.accessToken);
  user = issued.user;
  clearTimeout(refreshTimer);
  // Renewed well before it lapses, so a request rarely meets an expired token.
  const renewInMs = Math.max(5, issued.expiresIn * 0.75) * 1000;
  refreshTimer = setTimeout(() => void refreshSession(), renewInMs);
  for (const listener of listeners) listener(user);
  return issued.user;
}

function signedOut(): null {
  setAccessToken(null);
  clearTimeout(refreshTimer);
  user = null;
  for (const listener of listeners) listener(null);
  return null;
}

/** Whether an error means the session is gone (as opposed to the server being away for a moment). */
export function isUnauthorized(error: unknown): boolean {
  return serverErrorOf(error)?.data?.code === 'UNAUTHORIZED';
}

/** Logs in; the server keeps the refresh token in an HttpOnly cookie this script never sees. */
export async function logIn(username: string, password: string): Promise<SessionUser> {
  return signedIn(await trpcClient.auth.browserLogin.mutate({ username, password }));
}

/**
 * A new access token from the refresh cookie; concurrent callers share one request. A refused
 * cookie signs out; a server that does not answer keeps the current state for the next try.
 */
export function refreshSession(): Promise<SessionUser | null> {
  inFlight ??= trpcClient.auth.browserRefresh
    .mutate()
    .then(signedIn, (error: unknown) => {
      if (isUnauthorized(error) || user === null) return signedOut();
      return user;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** The session at page load: one refresh from the cookie, shared by every route that asks. */
export function resumeSession(): Promise<SessionUser | null> {
  if (user) return Promise.resolve(user);
  started ??= refreshSession();
  return started;
}

/** Ends the session on the server (its live streams with it) and forgets it here. */
export async function logOut(): Promise<void> {
  try {
    await trpcClient.auth.browserLogout.mutate();
  } finally {
    started = Promise.resolve(null);
    signedOut();
  }
}

export function currentUser(): SessionUser | null {
  return user;
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
