/** A short name for a browser or client from its User-Agent, for the sessions list ("Firefox on Linux"). */
export function clientLabel(userAgent: string | null): string {
  if (!userAgent) return 'Unknown client';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Chromium/', 'Chromium'],
      ['Safari/', 'Safari'],
      ['curl/', 'curl'],
      ['node', 'Node.js'],
    ].find(([mark]) => mark && userAgent.includes(mark))?.[1] ?? 'Another client';
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([mark]) => mark && userAgent.includes(mark))?.[1] ?? null;
  return system ? `${browser} on ${system}` : browser;
}
