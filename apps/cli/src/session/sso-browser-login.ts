import { spawn } from 'node:child_process';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod/mini';
import { read, tokenAnswer } from '../api/answers';
import type { ApiClient } from '../api/api-client';
import { CliError } from '../errors/cli-error';
import { ExitCode } from '../errors/exit-codes';

/** How long the CLI waits for the browser to come back from the identity provider. */
export const SSO_WAIT_MS = 5 * 60_000;

const providersAnswer = z.looseObject({ sso: z.boolean() });

export interface SsoBrowserLoginOptions {
  /** False: only print the address (a machine whose browser is elsewhere, or a test). */
  openBrowser: boolean;
  /** Where the address and progress are said (standard error). */
  note(message: string): void;
}

/** Opens `url` in the desktop's browser; a failure only means the user opens the printed address. */
function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // Printed already; nothing else to do.
  }
}

/** Whether a callback carries this sign-in's state; compared in constant time. */
function sameState(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function page(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'",
    // The listener closes after this answer; a kept-alive connection would hold the process open.
    connection: 'close',
  });
  const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  response.end(`<!doctype html><meta charset="utf-8"><title>oncall</title><p>${escaped}</p>`);
}

/**
 * Single sign-on from a terminal: the server's OpenID Connect sign-in runs in the user's browser
 * and ends at a listener of this process on the loopback interface (RFC 8252 §7.3), which redeems
 * the code it is brought with the PKCE verifier only this process knows. The identity provider
 * needs no extra client or redirect URI: it only ever talks to the server.
 * The listener's address carries a random `state` (the server keeps the address's query when it
 * sends the browser back), and a request without it is turned away while the CLI keeps waiting:
 * any web page the user has open can reach 127.0.0.1, and must not end or steer the sign-in.
 */
export async function ssoBrowserLogin(client: ApiClient, options: SsoBrowserLoginOptions) {
  const providers = read(
    providersAnswer,
    await client.request('GET', '/api/v1/auth/providers', { authenticated: false }),
    'auth providers',
  );
  if (!providers.sso) {
    throw new CliError(ExitCode.usage, `Single sign-on is not configured on ${client.address.url}.`);
  }
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(16).toString('base64url');

  let settle: (outcome: { code: string } | { error: string }) => void = () => undefined;
  const outcome = new Promise<{ code: string } | { error: string }>((resolve) => {
    settle = resolve;
  });
  let answerBrowser: (ok: boolean, text: string) => void = () => undefined;
  let settled = false;
  const listener = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/callback') {
      page(response, 404, 'Not found.');
      return;
    }
    if (!sameState(url.searchParams.get('state'), state)) {
      page(response, 400, 'This address finishes an oncall sign-in that this request does not belong to.');
      return;
    }
    const code = url.searchParams.get('code');
    const error = url.searchParams.get('error_description') ?? url.searchParams.get('error');
    if (!code && !error) {
      page(response, 400, 'This address finishes an oncall sign-in; it was opened without one.');
      return;
    }
    // The first answer wins (a reload of the tab must not leave the first request unanswered); the
    // browser waits for how the sign-in ended.
    if (settled) {
      page(response, 409, 'This sign-in is being finished already; see the terminal.');
      return;
    }
    settled = true;
    answerBrowser = (ok, text) => page(response, ok ? 200 : 401, text);
    settle(code ? { code } : { error: error ?? 'The sign-in failed.' });
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', resolve);
  });
  const { port } = listener.address() as AddressInfo;
  try {
    const start = client.url('/api/v1/auth/oidc/login', {
      cli_redirect: `http://127.0.0.1:${port}/callback?state=${state}`,
      cli_challenge: challenge,
    });
    options.note(`Open this address in a browser on this machine to sign in:\n  ${start}`);
    if (options.openBrowser) openInBrowser(start);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new CliError(ExitCode.auth, 'No sign-in came back within 5 minutes; run the login again.')),
        SSO_WAIT_MS,
      );
    });
    const result = await Promise.race([outcome, timedOut]).finally(() => clearTimeout(timer));
    if ('error' in result) {
      answerBrowser(false, `Sign-in refused: ${result.error}`);
      throw new CliError(ExitCode.auth, `Single sign-on refused: ${result.error}`);
    }
    try {
      const answer = read(
        tokenAnswer,
        await client.request('POST', '/api/v1/auth/oidc/cli-token', {
          body: { code: result.code, verifier },
          authenticated: false,
        }),
        'sign-in',
      );
      answerBrowser(true, `Signed in to oncall as ${answer.user.username}. You can close this tab.`);
      return answer;
    } catch (error) {
      answerBrowser(false, 'The sign-in could not be finished; see the terminal.');
      throw error;
    }
  } finally {
    listener.close();
    listener.closeIdleConnections();
  }
}
