import { destinationOf, type EndpointCatalog, type LegacyEndpointWire } from '@oncall/contracts';
import type { SecretBox } from '../crypto/secret-box';
import { type SecretField, submittedSecret } from '../crypto/submitted-secret';
import type { Endpoint, FlowStep } from '../entities/endpoint.entity';
import { validationFailed } from '../errors/domain-error';
import { type DestinationEndpointInput, type EndpointInput, isFlowInput } from './endpoint-input';
import { legacyColumnOf, legacyLabelOf } from './legacy-columns';
import { resolvePluginDestination, type StoredPluginDestination } from './plugin-destination';

/** Where an endpoint delivers, as stored: the columns that depend on the type. */
export interface EndpointTarget extends Required<StoredPluginDestination> {
  /** A legacy type's number, address or chat id; empty for the others and a sealed webhook URL. */
  value: string;
  /** A legacy type's secret `value` (a webhook URL, which lets anyone post to the channel), sealed. */
  sealedValue: string | null;
  threadId: string | null;
  sealedBotToken: string | null;
  steps: FlowStep[] | null;
}

/** A secret an endpoint of its type cannot be without. */
type RequiredSecret = SecretField & { requiredMessage: string };

const NO_TARGET = {
  value: '',
  sealedValue: null,
  threadId: null,
  sealedBotToken: null,
  steps: null,
  destination: null,
  sealedDestination: null,
} as const satisfies EndpointTarget;

/**
 * The stored target for an input, given the endpoint it updates (if any). A type older than channel
 * plugins keeps its destination in the first release's columns (see `legacyColumnOf`); any other
 * stores the destination its channel's schema accepts (see `resolvePluginDestination`).
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
 * Each field of the legacy wire's answer into its column (a field is sent under its name or an
 * alias): a plain one is required, a secret follows `submittedSecret` (sent back exactly as reads
 * mask it keeps the stored one, any other masked-looking value is refused) and is required too; a
 * thread left out is kept. A secret stays with its endpoint when the chat changes: it goes to the
 * deployment's service (a bot token to the configured Bot API), not to the destination.
 */
function legacyTarget(
  input: DestinationEndpointInput,
  wire: LegacyEndpointWire,
  secretFields: readonly string[],
  current: Endpoint | undefined,
  box: SecretBox,
): Partial<EndpointTarget> {
  const target: Partial<EndpointTarget> = {};
  for (const field of Object.keys(wire.view.shape)) {
    const sent = sentUnder(input, wire, field);
    const label = legacyLabelOf(wire, field);
    const required: RequiredSecret = {
      path: field,
      label,
      requiredMessage: `The ${label} field is required.`,
    };
    switch (legacyColumnOf(field, secretFields.includes(field))) {
      case 'threadId':
        target.threadId = sent === undefined ? (current?.threadId ?? null) : textOrNull(sent);
        break;
      case 'sealedBotToken':
        target.sealedBotToken = sealSecret(textOf(sent), current?.sealedBotToken, required, box);
        break;
      case 'sealedValue':
        target.sealedValue = sealSecret(textOf(sent), current?.sealedValue, required, box);
        break;
      case 'value': {
        const value = textOf(sent);
        if (!value) throw validationFailed({ [field]: [required.requiredMessage] });
        target.value = value;
      }
    }
  }
  return target;
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

/**
 * `submittedSecret` for a required secret sealed in its own column. A kept secret keeps its sealed
 * text, so saving a form unchanged does not rewrite the column.
 */
function sealSecret(
  given: string | undefined,
  sealed: string | null | undefined,
  field: RequiredSecret,
  box: SecretBox,
): string {
  const stored = sealed ? box.decrypt(sealed) : undefined;
  const secret = submittedSecret(given, stored, field);
  if (sealed && secret === stored) return sealed;
  if (secret === undefined) throw validationFailed({ [field.path]: [field.requiredMessage] });
  return box.encrypt(secret);
}
