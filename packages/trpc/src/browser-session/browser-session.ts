/**
 * What the browser login variant needs from its transport: the refresh token kept in a cookie the
 * page's scripts cannot read, and the request's proof that it came from the UI's own page.
 */
export interface BrowserSession {
  /** The refresh token the cookie carries, if the request has one. */
  refreshToken(): string | undefined;
  /**
   * Whether the request may act on the browser session: it carries the UI's custom header (a page
   * of another origin cannot send one without a CORS preflight this server never grants) and the
   * browser does not report it as cross-site.
   */
  fromOwnPage(): boolean;
  /** Sets the refresh cookie for the given lifetime. */
  keep(refreshToken: string, maxAgeSeconds: number): void;
  /** Expires the refresh cookie. */
  forget(): void;
}

/** The header the first-party UI sends on every call of the browser session procedures. */
export const BROWSER_SESSION_HEADER = 'x-oncall-browser';
