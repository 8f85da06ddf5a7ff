import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';
import type { StoredSession } from '../session/stored-session';
import type { ApiAddress } from '../settings/api-address';
import { errorFromAnswer } from './api-error';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** False for login and refresh themselves. */
  authenticated?: boolean;
}

export interface SessionAccess {
  current(): Promise<StoredSession>;
  replace(session: StoredSession): Promise<void>;
}

export const REQUEST_TIMEOUT_MS = 30_000;
export const LOG_IN_AGAIN = 'log in again: oncall login';

export interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  refreshExpiresIn?: number;
  user?: { username?: string };
}

/**
 * The REST face, with the session's bearer token. A 401 refreshes the session once and retries the
 * request; a refused refresh ends with "log in again" (exit 3).
 */
export class ApiClient {
  constructor(
    readonly address: ApiAddress,
    private readonly zone: string | undefined,
    private readonly session: SessionAccess | undefined,
  ) {}

  url(path: string, query: Query = {}): string {
    const url = new URL(`${this.address.url}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const authenticated = options.authenticated ?? true;
    if (!authenticated) return this.send<T>(method, path, options, undefined);
    const session = await this.requireSession().current();
    try {
      return await this.send<T>(method, path, options, session.accessToken);
    } catch (error) {
      if (!(error instanceof UnauthorizedAnswer)) throw error;
    }
    const renewed = await this.refresh(session);
    try {
      return await this.send<T>(method, path, options, renewed.accessToken);
    } catch (error) {
      if (error instanceof UnauthorizedAnswer)
        throw new CliError(ExitCode.auth, `${error.message}; ${LOG_IN_AGAIN}`);
      throw error;
    }
  }

  currentSession(): Promise<StoredSession> {
    return this.requireSession().current();
  }

  /** A fresh access token, for the live feed's reconnects. */
  async refresh(session: StoredSession): Promise<StoredSession> {
    let answer: TokenAnswer;
    try {
      answer = await this.send<TokenAnswer>(
        'POST',
        '/api/v1/auth/refresh',
        { body: { refreshToken: session.refreshToken } },
        undefined,
      );
    } catch (error) {
      if (error instanceof UnauthorizedAnswer) {
        throw new CliError(
          ExitCode.auth,
          `The server refused to renew the session of ${session.username} (it ended or expired); ${LOG_IN_AGAIN}`,
        );
      }
      throw error;
    }
    const renewed = sessionFrom(answer, session.apiUrl, session.username);
    await this.requireSession().replace(renewed);
    return renewed;
  }

  headers(accessToken: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'oncall-cli' };
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    if (this.zone) headers['x-cluster'] = this.zone;
    return headers;
  }

  private requireSession(): SessionAccess {
    if (!this.session) throw new CliError(ExitCode.unexpected, 'This request needs a session.');
    return this.session;
  }

  private async send<T>(
    method: string,
    path: string,
    options: RequestOptions,
    accessToken: string | undefined,
  ): Promise<T> {
    const headers = this.headers(accessToken);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(this.url(path, options.query), {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw unreachable(this.address, error);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.status === 401 && accessToken !== undefined) {
      throw new UnauthorizedAnswer(messageOf(body) ?? 'The server refused the session');
    }
    if (response.status === 401 && path === '/api/v1/auth/refresh') {
      throw new UnauthorizedAnswer(messageOf(body) ?? 'The server refused the refresh token');
    }
    if (!response.ok) throw errorFromAnswer(response.status, body, `${method} ${path} failed`);
    if (body === undefined) {
      throw new CliError(
        ExitCode.server,
        `${method} ${path}: the server answered ${response.status} without JSON.`,
      );
    }
    return body as T;
  }
}

class UnauthorizedAnswer extends Error {}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

export function unreachable(address: ApiAddress, error: unknown): CliError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
  const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : cause;
  return new CliError(
    ExitCode.unreachable,
    `Cannot reach the server at ${address.url} (${reason}). The address came from ${address.source}; ` +
      'set it with --api-url, ONCALL_API_URL or `oncall config set api-url <url>`.',
  );
}

export function sessionFrom(answer: TokenAnswer, apiUrl: string, username: string): StoredSession {
  return {
    apiUrl,
    username: answer.user?.username ?? username,
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    refreshExpiresAt:
      answer.refreshExpiresIn === undefined ? undefined : Date.now() + answer.refreshExpiresIn * 1000,
  };
}
