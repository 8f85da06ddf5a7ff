import { destinationOf, type EndpointCatalog, type LegacyEndpointWire } from '@oncall/contracts';
import type { SecretBox } from '../crypto/secret-box';
import { type SecretField, submittedSecret } from '../crypto/submitted-secret';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { validationFailed } from '../errors/domain-error';
import { openJson, sealJson } from '../provider-configs/sealed-json';
import { type DestinationEndpointInput, type EndpointInput, isFlowInput } from './endpoint-input';
import { fieldLabel, resolvePluginDestination, type StoredPluginDestination } from './plugin-destination';

/** Where an endpoint delivers, as stored: a flow's steps, or its destination. */
export interface EndpointTarget extends Required<StoredPluginDestination> {
  steps: FlowStep[] | null;
}

/** A secret an endpoint of its type cannot be without. */
type RequiredSecret = SecretField & { requiredMessage: string };

const NO_TARGET = {
  steps: null,
  destination: null,
  sealedDestination: null,
} as const satisfies EndpointTarget;

/**
 * The stored target for an input, given the endpoint it updates (if any). Every type stores the
 * destination its channel's schema names, secret fields sealed; a type older than channel plugins
 * takes its fields by the legacy wire's rules (see `legacyTarget`), any other by its channel's
 * schema (see `resolvePluginDestination`).
 */
export function resolveTarget(
  input: EndpointInput,
  current: Endpoint | undefined,
  box: SecretBox,
  catalog: EndpointCatalog,
): EndpointTarget {
  if (isFlowInput(input)) return { ...NO_TARGET, steps: input.steps };
  const fields = destinationOf(catalog, input.type);
  if (fields.legacy !== undefined) {
    return { ...NO_TARGET, ...legacyTarget(input, fields.legacy, fields.secretFields, current, box) };
  }
  const { destination, sealedDestination } = resolvePluginDestination(fields, input, current, box);
  return { ...NO_TARGET, destination, sealedDestination };
}

/**
 * Each field of the legacy wire's answer (a field is sent under its name or an alias): a plain one
 * is required unless the view takes `null` (a thread), which left out is kept; a secret follows
 * `submittedSecret` (sent back exactly as reads mask it keeps the stored one, any other
 * masked-looking value is refused) and is required too. A secret stays with its endpoint when the
 * chat changes: it goes to the deployment's service (a bot token to the configured Bot API), not
 * to the destination. Secrets kept as they were keep their sealed text, so saving a form unchanged
 * does not rewrite it.
 */
function legacyTarget(
  input: DestinationEndpointInput,
  wire: LegacyEndpointWire,
  secretFields: readonly string[],
  current: Endpoint | undefined,
  box: SecretBox,
): Required<StoredPluginDestination> {
  const stored = current?.destination ?? {};
  const storedSecrets = openJson(box, current?.sealedDestination);
  const destination: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [field, schema] of Object.entries(wire.view.shape)) {
    const sent = sentUnder(input, wire, field);
    const label = legacyLabelOf(wire, field);
    const required: RequiredSecret = {
      path: field,
      label,
      requiredMessage: `The ${label} field is required.`,
    };
    if (secretFields.includes(field)) {
      const secret = submittedSecret(textOf(sent), storedSecrets[field], required);
      if (secret === undefined) throw validationFailed({ [field]: [required.requiredMessage] });
      secrets[field] = secret;
    } else if (schema.safeParse(null).success) {
      const kept = sent === undefined ? stored[field] : textOrNull(sent);
      if (kept !== undefined && kept !== null) destination[field] = kept;
    } else {
      const value = textOf(sent);
      if (!value) throw validationFailed({ [field]: [required.requiredMessage] });
      destination[field] = value;
    }
  }
  const unchanged =
    Object.keys(secrets).length === Object.keys(storedSecrets).length &&
    Object.entries(secrets).every(([field, secret]) => storedSecrets[field] === secret);
  const sealedDestination =
    Object.keys(secrets).length === 0
      ? null
      : unchanged && current?.sealedDestination
        ? current.sealedDestination
        : sealJson(box, secrets);
  return { destination, sealedDestination };
}

/** How messages name a legacy destination field: its label, or its name spelled out (`chatId` → "chat id"). */
function legacyLabelOf(wire: LegacyEndpointWire, field: string): string {
  return wire.labels?.[field] ?? fieldLabel(field);
}

/** The field as sent under its own name or, left out, under an alias of it. */
function sentUnder(input: DestinationEndpointInput, wire: LegacyEndpointWire, field: string): unknown {
  if (input[field] !== undefined) return input[field];
  const alias = Object.entries(wire.aliases ?? {}).find(
    ([name, of]) => of === field && input[name] !== undefined,
  );
  return alias === undefined ? undefined : input[alias[0]];
}

/** The wire parsed every field to text (or left it out); anything else reads as left out. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
