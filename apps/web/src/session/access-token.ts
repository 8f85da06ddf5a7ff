/**
 * The access token, in this module's memory only: never in storage a script injected later could
 * read after a reload. A reload gets a fresh one from the refresh cookie.
 */
let current: string | null = null;

export function accessToken(): string | null {
  return current;
}

export function setAccessToken(token: string | null): void {
  current = token;
}
