import type { FastifyReply, FastifyRequest } from 'fastify';
import { speaksLegacyUi } from './legacy-ui-dialect';

// The original web UI (the only client that marks every call with `X-Cluster`, `""` for the main
// zone) types `port` as a number in its email and proxy forms: it sends a JSON number and its edit
// forms refuse a string they were given. Requests in that dialect get the original's type both
// ways; every other client keeps the contract's string, where a JSON number is a 422. Its proxy
// form also types `username` as an optional string, so `null` is answered as `""` there.

/** Before validation: an integer `port` from the legacy UI is read as its digits. */
export async function portDigitsFromLegacyUi(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!speaksLegacyUi(request) || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  if (!('port' in body) || !Number.isSafeInteger(body.port)) return;
  request.body = { ...body, port: String(body.port) };
}

function inLegacyUiTypes(view: unknown): unknown {
  if (typeof view !== 'object' || view === null) return view;
  const typed: Record<string, unknown> = { ...view };
  if (typeof typed.port === 'string' && /^\d{1,5}$/.test(typed.port)) typed.port = Number(typed.port);
  if ('username' in typed && typed.username === null) typed.username = '';
  return typed;
}

/** Before serialising: answers to the legacy UI carry `port` as a number, no `null` username. */
export async function configTypesForLegacyUi(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!speaksLegacyUi(request)) return payload;
  return Array.isArray(payload) ? payload.map(inLegacyUiTypes) : inLegacyUiTypes(payload);
}
