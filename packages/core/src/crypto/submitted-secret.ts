import { validationFailed } from '../errors/domain-error';
import { maskSecret } from './secret-box';

export interface SecretField {
  /** Where errors are reported, e.g. `apiToken`. */
  path: string;
  /** How messages name it, e.g. `api token`. */
  label: string;
  /** Set when the secret may not end up empty. */
  requiredMessage?: string;
}

const LOOKS_MASKED = /^\*{8}/;

/**
 * The secret to store after a write. Left out, or sent back exactly as an answer showed it
 * (masked), it keeps the stored one, so a form can be read and saved unchanged; `null` or `""`
 * clears it. A masked value that is not the stored secret's mask (a stale form) is refused rather
 * than stored as the secret.
 */
export function submittedSecret(
  sent: string | null | undefined,
  stored: string | undefined,
  field: SecretField,
): string | undefined {
  const next = resolve(sent, stored, field);
  if (next === undefined && field.requiredMessage)
    throw validationFailed({ [field.path]: [field.requiredMessage] });
  return next;
}

function resolve(sent: string | null | undefined, stored: string | undefined, field: SecretField) {
  if (sent === undefined) return stored;
  if (sent === null || sent === '') return undefined;
  if (stored && sent === maskSecret(stored)) return stored;
  if (LOOKS_MASKED.test(sent)) {
    throw validationFailed({
      [field.path]: [
        `The ${field.label} is masked; enter the full value, or leave it out to keep the stored one.`,
      ],
    });
  }
  return sent;
}
