/**
 * A Message-ID derived from the idempotency key, so a replayed attempt carries the same id and mail
 * systems that deduplicate by it show the alert once. Characters a Message-ID cannot hold are
 * written as `=XX`.
 */
export function messageIdFor(idempotencyKey: string, fromAddress: string): string {
  const local = idempotencyKey.replace(
    /[^A-Za-z0-9._-]/g,
    (character) => `=${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  const domain = fromAddress.split('@').pop() || 'oncall.invalid';
  return `<${local}@${domain}>`;
}
