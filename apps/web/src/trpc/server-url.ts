/**
 * Where the server's faces are, as the browser sees them: under the page's `<base>`, which the
 * server writes from `PUBLIC_URL`'s path (`/oncall/trpc` under a sub-path, `/trpc` at the root).
 */
export function serverPath(face: string): string {
  return new URL(face, document.baseURI).pathname;
}

/** The path the app's routes live under: `/` or `/oncall`. */
export function routerBasePath(): string {
  return new URL('.', document.baseURI).pathname.replace(/\/$/, '') || '/';
}
