import { setSessionRecovery, trpcClient } from '../trpc/client';
import { serverErrorOf } from '../trpc/server-error';
import { setAccessToken } from './access-token';

export interface SessionUser {
  id: string;
  username: string;
  name: string;
  role: string;
}

type Listener = (user: SessionUser | null) => void;
type ExpiryListener = (expired: boolean) => void;

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
/**
 * The session ended under the user's hands (a refresh refused while signed in): the page stays as
 * it is, calls wait for `relogin` and the shell asks for the password again.
 */
let expired = false;
let relogin: { promise: Promise<boolean>; settle: (recovered: boolean) => void } | undefined;
const expiryListeners = new Set<ExpiryListener>();

function setExpired(value: boolean): void {
  if (expired === value) return;
  expired = value;
  for (const listener of expiryListeners) listener(value);
}

function settleRelogin(recovered: boolean): void {
  relogin?.settle(recovered);
  relogin = undefined;
}

function signedIn(issued: IssuedAccess): SessionUser {
  setAccessToken(issued.accessToken);
  user = issued.user;
  clearTimeout(refreshTimer);
  // Renewed well before it lapses, so a request rarely meets an expired token.
  const renewInMs = Math.max(5, issued.expiresIn * 0.75) * 1000;
  refreshTimer = setTimeout(() => void refreshSession(), renewInMs);
  for (const listener of listeners) listener(user);
  setExpired(false);
  settleRelogin(true);
  return issued.user;
}

function signedOut(): null {
  setAccessToken(null);
  clearTimeout(refreshTimer);
  user = null;
  setExpired(false);
  settleRelogin(false);
  for (const listener of listeners) listener(null);
  return null;
}

/** The session is gone but the user was working: keep the page, forget the token, ask again. */
function expire(): null {
  setAccessToken(null);
  clearTimeout(refreshTimer);
  setExpired(true);
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
 * cookie signs out at page load and expires the session (see `expired`) once signed in; a server
 * that does not answer keeps the current state for the next try.
 */
export function refreshSession(): Promise<SessionUser | null> {
  inFlight ??= trpcClient.auth.browserRefresh
    .mutate()
    .then(signedIn, (error: unknown) => {
      if (user === null) return signedOut();
      if (isUnauthorized(error)) return expire();
      return user;
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/**
 * For a call refused because its session is gone: true once there is a session again (a refresh
 * from the cookie, or the user logging in over the page), false when there will be none (logged
 * out, or the user chose the login page instead).
 */
export async function recoverSession(): Promise<boolean> {
  if (user === null) return false;
  if (!expired && (await refreshSession())) return true;
  if (user === null) return false;
  if (!relogin) {
    let settle: (recovered: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    relogin = { promise, settle };
  }
  return relogin.promise;
}

setSessionRecovery(recoverSession);

/** Whether the session ended under the user's hands and the shell should ask to log in again. */
export function isSessionExpired(): boolean {
  return expired;
}

export function onSessionExpiry(listener: ExpiryListener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
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

/**
 * Gives up on an expired session without asking the server (it has ended there already): the
 * shell goes to the login page and the calls waiting for the session fail.
 */
export function signOutHere(): void {
  started = Promise.resolve(null);
  signedOut();
}

export function currentUser(): SessionUser | null {
  return user;
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
