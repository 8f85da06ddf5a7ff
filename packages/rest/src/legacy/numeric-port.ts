import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The original web UI (the only client that marks every call with `X-Cluster`, `""` for the main
 * zone) types `port` as a number in its email and proxy forms: it sends a JSON number and its edit
 * forms refuse a string they were given. Requests in that dialect get the original's type both
 * ways; every other client keeps the contract's string, where a JSON number is a 422.
 */
function speaksLegacyUi(request: FastifyRequest): boolean {
  return request.headers['x-cluster'] !== undefined;
}

/** Before validation: an integer `port` from the legacy UI is read as its digits. */
export async function portDigitsFromLegacyUi(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!speaksLegacyUi(request) || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  if (!('port' in body) || !Number.isSafeInteger(body.port)) return;
  request.body = { ...body, port: String(body.port) };
}

function withNumericPort(view: unknown): unknown {
  if (typeof view !== 'object' || view === null || !('port' in view)) return view;
  if (typeof view.port !== 'string' || !/^\d{1,5}$/.test(view.port)) return view;
  return { ...view, port: Number(view.port) };
}

/** Before serialising: answers to the legacy UI carry `port` as the number it reads. */
export async function numericPortForLegacyUi(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!speaksLegacyUi(request)) return payload;
  return Array.isArray(payload) ? payload.map(withNumericPort) : withNumericPort(payload);
}
