/**
 * The server's own faces: the UI never answers under them, so an unknown API path stays the API's
 * 404 and never becomes the UI's page.
 */
export const RESERVED_PREFIXES = ['/api', '/trpc', '/graphql', '/ack', '/metrics', '/healthz', '/readyz'];

/** Whether a path (no query) is one of the server's faces or under one. */
export function isReservedPath(path: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
