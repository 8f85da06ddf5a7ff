import { type FieldErrors, validationFailed } from '../errors/domain-error';
import { maskSecret } from './secret-box';

export interface SecretField {
  /** Where errors are reported, e.g. `apiToken`. */
  path: string;
  /** How messages name it, e.g. `api token`. */
  label: string;
  /** Set when the secret may not end up empty. */
  requiredMessage?: string;
}

/** One secret of a write: what the client sent and what is stored (decrypted). */
export interface SubmittedSecret {
  field: SecretField;
  sent: string | null | undefined;
  stored: string | undefined;
}

const LOOKS_MASKED = /^\*{8}/;

/** Whether text looks like a masked secret as answers show it (`********` and the last characters). */
export function looksMasked(value: string): boolean {
  return LOOKS_MASKED.test(value);
}

/**
 * The secret to store after a write. Left out, or sent back exactly as an answer showed it
 * (masked), it keeps the stored one, so a form can be read and saved unchanged; `null` or `""`
 * clears it. A masked value that is not the stored secret's mask (a stale form) is refused rather
 * than stored as the secret.
 *
 * `movedBy` names the field that decides where the secret is sent (a URL, a host) or how it is
 * protected on the way (a TLS mode) when the write changes it (see `changedDestinationField`). A
 * kept secret may not follow it there: whoever may edit the record but never saw the secret could
 * otherwise point it at a host of their own, or let it cross the network in plain text, and read
 * it with the next request. The secret must then be sent again.
 */
export function submittedSecret(
  sent: string | null | undefined,
  stored: string | undefined,
  field: SecretField,
  movedBy?: string,
): string | undefined {
  const verdict = judge({ field, sent, stored }, movedBy);
  if ('refused' in verdict) throw validationFailed({ [field.path]: [verdict.refused] });
  return verdict.value;
}

/**
 * `submittedSecret` for every secret of one record, reporting each refused secret at once. Answers
 * the secrets to store by path; a cleared one is absent.
 */
export function submittedSecrets(
  secrets: readonly SubmittedSecret[],
  movedBy?: string,
): Record<string, string> {
  const values: Record<string, string> = {};
  const errors: FieldErrors = {};
  for (const secret of secrets) {
    const verdict = judge(secret, movedBy);
    if ('refused' in verdict) errors[secret.field.path] = [verdict.refused];
    else if (verdict.value !== undefined) values[secret.field.path] = verdict.value;
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return values;
}

/**
 * The first destination field a write changes, compared as stored (absent, `null` and `""` alike):
 * `stored` holds the fields that decide where a record's secrets go and how they are protected,
 * `next` the same fields after the write. `undefined` when they still go where they went, alike.
 */
export function changedDestinationField(
  stored: Record<string, string | null | undefined>,
  next: Record<string, string | null | undefined>,
): string | undefined {
  const keys = new Set([...Object.keys(stored), ...Object.keys(next)]);
  return [...keys].find((key) => (stored[key] || '') !== (next[key] || ''));
}

type Verdict = { value: string | undefined } | { refused: string };

function judge({ field, sent, stored }: SubmittedSecret, movedBy: string | undefined): Verdict {
  const kept = stored !== undefined && (sent === undefined || sent === maskSecret(stored));
  if (kept && movedBy !== undefined) {
    return { refused: `The ${field.label} must be sent again when the ${movedBy} changes.` };
  }
  const value = kept ? stored : sent || undefined;
  if (value === undefined && field.requiredMessage) return { refused: field.requiredMessage };
  if (!kept && value !== undefined && looksMasked(value)) {
    return {
      refused: `The ${field.label} is masked; enter the full value, or leave it out to keep the stored one.`,
    };
  }
  return { value };
}
