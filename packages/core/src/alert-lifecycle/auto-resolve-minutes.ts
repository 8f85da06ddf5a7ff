/**
 * The minutes after its last fire an instance of the rule resolves itself, or null when the rule
 * does not auto-resolve. Only `api` rules do; the flag and the minutes live in the rule's settings.
 *
 * @example
 * autoResolveMinutesOf('api', { enableAutoResolve: true, autoResolveMinutes: 10 }); // 10
 * autoResolveMinutesOf('api', { enableAutoResolve: false, autoResolveMinutes: 10 }); // null
 */
export function autoResolveMinutesOf(type: string, settings: Record<string, unknown> | null): number | null {
  if (type !== 'api' || settings?.enableAutoResolve !== true) return null;
  const minutes = settings.autoResolveMinutes;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0 ? minutes : null;
}
