import { createHash } from 'node:crypto';

/**
 * The pg-boss job id of a business key (`notify:<event>:<endpoint>`, a timer id, …). pg-boss inserts
 * with `ON CONFLICT DO NOTHING` on (queue, id), so sending the same work twice — a retried request,
 * a replayed handler — finds the existing job instead of queuing a second page. The id is a
 * name-based UUID (version 8, SHA-256 of the key), as job ids must be UUIDs.
 *
 * @example jobIdFor('notify:evt_1:ep_sms'); // 'c0a1…-…-8…-…' (always the same for this key)
 */
export function jobIdFor(key: string): string {
  const bytes = createHash('sha256').update(key).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * `jobIdFor` in SQL, for a statement that queues jobs itself: `keyExpr` is a text expression of the
 * business key. The same bytes as the function above (SHA-256, the first 16 bytes, version 8 and
 * the RFC 4122 variant set), so either side finds the other's job.
 *
 * @example jobIdSql(`'notify:' || p.alert_event_id || ':' || p.endpoint_id`)
 */
export function jobIdSql(keyExpr: string): string {
  return `(select encode(set_byte(set_byte(h, 6, (get_byte(h, 6) & 15) | 128), 8, (get_byte(h, 8) & 63) | 128), 'hex')::uuid
     from (select substring(sha256(convert_to(${keyExpr}, 'UTF8')) from 1 for 16) as h) as job_key_hash)`;
}
