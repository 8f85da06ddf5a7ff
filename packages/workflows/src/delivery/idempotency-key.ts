/**
 * The idempotency key of one attempt: the same attempt of the same delivery always gets the same
 * key (so a replayed or redelivered send is deduplicated by the provider adapter), while a retry or
 * a fallback to the backup provider gets a new one.
 *
 * @example
 * attemptIdempotencyKey('notify:evt_1:ep_sms', 'cfg_backup', 2); // 'notify:evt_1:ep_sms:cfg_backup:2'
 */
export function attemptIdempotencyKey(baseKey: string, providerConfigId: string, attempt: number): string {
  return `${baseKey}:${providerConfigId}:${attempt}`;
}
