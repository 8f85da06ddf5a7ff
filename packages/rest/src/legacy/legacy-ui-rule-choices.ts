import type { Core } from '@oncall/core';
import type { RuleOption } from '@oncall/plugin-sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { speaksLegacyUi } from './legacy-ui-dialect';

// A source plugin's fixed pick lists (`ruleOptions`) are choices of a stored value and a label
// (Zabbix severities: '4', "High"). The original web UI's forms offer, send and show plain strings
// there, the labels (as its backend stored them): its Zabbix form drew each `{value, label}` as a
// React child and crashed the page. In its dialect (`X-Cluster`) the labels stand for the values
// both ways; every other client keeps the contract's values and choices.

type Side = 'value' | 'label';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each item of `list` that is a choice's `from` side, as that choice's `to` side; others unchanged. */
function translated(list: unknown, choices: readonly RuleOption[], from: Side, to: Side): unknown {
  if (!Array.isArray(list)) return list;
  return list.map((item) =>
    choices.some((choice) => choice[to] === item)
      ? item
      : (choices.find((choice) => choice[from] === item)?.[to] ?? item),
  );
}

/** A rule (view or body) with the fields of its type's pick lists translated. */
function withChoices(core: Core, rule: unknown, from: Side, to: Side): unknown {
  if (!isRecord(rule) || typeof rule.type !== 'string') return rule;
  const lists = Object.entries(core.plugins.sourceFor(rule.type)?.ruleOptions ?? {}).filter(
    ([field]) => field in rule,
  );
  if (lists.length === 0) return rule;
  const fields = lists.map(([field, choices]) => [field, translated(rule[field], choices, from, to)]);
  return { ...rule, ...Object.fromEntries(fields) };
}

/** Before validation of a rule create or update: labels the legacy UI sent become their values. */
export function ruleChoiceValuesFromLegacyUi(core: Core) {
  return async (request: FastifyRequest): Promise<void> => {
    if (speaksLegacyUi(request)) request.body = withChoices(core, request.body, 'label', 'value');
  };
}

/** Before serialising a rule, or a page of them (`data`), to the legacy UI: values as their labels. */
export function ruleChoiceLabelsForLegacyUi(core: Core) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (!speaksLegacyUi(request)) return payload;
    if (isRecord(payload) && Array.isArray(payload.data)) {
      return { ...payload, data: payload.data.map((rule) => withChoices(core, rule, 'value', 'label')) };
    }
    return withChoices(core, payload, 'value', 'label');
  };
}

/** Before serialising a type's form options to the legacy UI: each pick list as its labels alone. */
export function formChoiceLabelsForLegacyUi(core: Core, type: string) {
  const lists = Object.entries(core.plugins.sourceFor(type)?.ruleOptions ?? {});
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (!speaksLegacyUi(request) || !isRecord(payload)) return payload;
    const labels = lists.map(([field, choices]) => [field, choices.map((choice) => choice.label)]);
    return { ...payload, ...Object.fromEntries(labels) };
  };
}
