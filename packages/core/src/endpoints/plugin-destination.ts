import { type EndpointDestinationFields, fieldErrorsFromIssues } from '@oncall/contracts';
import { maskSecret, type SecretBox } from '../crypto/secret-box';
import { changedDestinationField, submittedSecrets } from '../crypto/submitted-secret';
import { validationFailed } from '../errors/domain-error';
import { openJson, sealJson } from '../provider-configs/sealed-json';

/**
 * The destination of an endpoint of a plugin-defined type, as stored: its plain fields, and its
 * secret fields (`destinationSecretFields`) sealed as one JSON object.
 */
export interface StoredPluginDestination {
  readonly destination?: Record<string, unknown> | null;
  readonly sealedDestination?: string | null;
}

/**
 * The destination to store for the fields a write sent, given what the endpoint stores (on
 * update). A secret field follows `submittedSecrets`: left out, or sent back as answers mask it,
 * it keeps the stored secret; `null` or `""` clears it; a mask that is not the stored secret's is
 * refused. Every plain field decides where the secrets go, so a kept secret may not follow a change
 * of one (it must be sent again). The result must then parse with the channel's `destinationSchema`
 * (422 at the field paths of its issues); what it parses to is stored.
 */
export function resolvePluginDestination(
  fields: EndpointDestinationFields,
  sent: Readonly<Record<string, unknown>>,
  stored: StoredPluginDestination | undefined,
  box: SecretBox,
): Required<StoredPluginDestination> {
  const keys = Object.keys(fields.schema.shape);
  const isSecret = (key: string) => fields.secretFields.includes(key);
  const plain = pick(
    sent,
    keys.filter((key) => !isSecret(key)),
  );
  const storedSecrets = openJson(box, stored?.sealedDestination);
  const moved = stored && changedDestinationField(comparable(stored.destination ?? {}), comparable(plain));
  const secrets = submittedSecrets(
    keys.filter(isSecret).map((key) => ({
      field: { path: key, label: fieldLabel(key) },
      sent: secretText(key, sent[key]),
      stored: storedSecrets[key],
    })),
    moved ? fieldLabel(moved) : undefined,
  );
  const parsed = fields.schema.safeParse({ ...plain, ...secrets });
  if (!parsed.success) throw validationFailed(fieldErrorsFromIssues(parsed.error.issues));
  const destination: Record<string, unknown> = parsed.data;
  const sealed = Object.fromEntries(
    Object.entries(destination).filter(
      (entry): entry is [string, string] => isSecret(entry[0]) && typeof entry[1] === 'string',
    ),
  );
  return {
    destination: Object.fromEntries(Object.entries(destination).filter(([key]) => !isSecret(key))),
    sealedDestination: Object.keys(sealed).length > 0 ? sealJson(box, sealed) : null,
  };
}

/** The destination as answers show it: plain fields as stored, every secret masked. */
export function pluginDestinationView(
  stored: StoredPluginDestination,
  box: SecretBox,
): Record<string, unknown> {
  const secrets = openJson(box, stored.sealedDestination);
  const masked = Object.fromEntries(Object.entries(secrets).map(([key, value]) => [key, maskSecret(value)]));
  return { ...stored.destination, ...masked };
}

/** The destination as the channel parses it at send time, secrets opened. */
export function pluginDestinationToSend(
  stored: StoredPluginDestination,
  box: SecretBox,
): Record<string, unknown> {
  return { ...stored.destination, ...openJson(box, stored.sealedDestination) };
}

/** How messages name a field: `accessToken` → "access token". */
export function fieldLabel(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

function pick(source: Readonly<Record<string, unknown>>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}

/** Secrets are text; anything else is refused at its field rather than sealed. */
function secretText(key: string, value: unknown): string | null | undefined {
  if (value === undefined || value === null || typeof value === 'string') return value;
  throw validationFailed({ [key]: [`The ${fieldLabel(key)} must be a string.`] });
}

/** Plain fields as `changedDestinationField` compares them: text as it is, anything else as JSON. */
function comparable(fields: Readonly<Record<string, unknown>>): Record<string, string | null | undefined> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' || value === null || value === undefined ? value : JSON.stringify(value),
    ]),
  );
}
