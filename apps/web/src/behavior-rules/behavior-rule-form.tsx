import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormSubmit } from '../forms/use-form-submit';
import { trpc } from '../trpc/client';
import {
  type BehaviorRuleDraft,
  type BehaviorRuleKind,
  type BehaviorRuleRow,
  browserTimeZone,
  defaultMaintenance,
  draftOf,
  KIND_LABELS,
} from './behavior-rule-draft';
import { FilterPatternHelp } from './filter-pattern-help';
import { TemplatePreview } from './template-preview';

const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [browserTimeZone()];
  }
})();

/**
 * A behavior rule of one alert rule, its kind chosen once: filters and endpoints, a template with
 * its live preview, or silence by dependencies and a maintenance window. A 422 shows at its field
 * (`filters.1.value`, `maintenance.to`).
 */
export function BehaviorRuleForm({
  alertRuleId,
  original,
  onSubmit,
  onCancel,
}: {
  alertRuleId: string;
  original: BehaviorRuleRow | null;
  onSubmit: (draft: BehaviorRuleDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<BehaviorRuleDraft>(() => draftOf(original));
  const { errors, problem, saving, submit } = useFormSubmit(() => onSubmit(draft));
  const change = (patch: Partial<BehaviorRuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const endpoints = useQuery({
    ...trpc.endpoints.list.queryOptions({ perPage: 100 }),
    enabled: draft.type !== 'silent',
  });
  const selectable = useQuery({
    ...trpc.behaviorRules.selectableAlertRules.queryOptions({ alertRuleId }),
    enabled: draft.type === 'silent',
  });
  const endpointOptions = (endpoints.data?.items ?? []).map((endpoint) => ({
    value: endpoint.id,
    label: `${endpoint.name} (${endpoint.type})`,
  }));
  const ruleOptions = (selectable.data ?? []).map((rule) => ({
    value: rule.id,
    label: `${rule.name} (${rule.type})`,
  }));
  const setFilter = (index: number, patch: Partial<{ key: string; value: string }>) =>
    change({ filters: draft.filters.map((filter, at) => (at === index ? { ...filter, ...patch } : filter)) });
  const maintenance = draft.maintenance;
  const setMaintenance = (patch: Partial<NonNullable<BehaviorRuleDraft['maintenance']>>) =>
    maintenance && change({ maintenance: { ...maintenance, ...patch } });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Behavior rule">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        <Select
          label="Kind"
          data={(Object.keys(KIND_LABELS) as BehaviorRuleKind[]).map((kind) => ({
            value: kind,
            label: KIND_LABELS[kind],
          }))}
          value={draft.type}
          allowDeselect={false}
          disabled={original !== null}
          onChange={(value) => value && value in KIND_LABELS && change({ type: value as BehaviorRuleKind })}
          error={errors.type}
        />
        <TextInput
          label="Name"
          description="Optional: how the history and delivery log name it."
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={errors.name}
        />

        {draft.type === 'notification' && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Filters (all must match)
            </Text>
            {errors.filters && (
              <Text size="sm" c="red">
                {errors.filters}
              </Text>
            )}
            {draft.filters.map((filter, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: filters have no identity but their place
              <Group key={index} align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  label={`Filter ${index + 1} key`}
                  value={filter.key}
                  onChange={(event) => setFilter(index, { key: event.currentTarget.value })}
                  error={errors[`filters.${index}.key`]}
                  w="35%"
                />
                <TextInput
                  label={`Filter ${index + 1} pattern`}
                  placeholder="db-* & !db-test*"
                  value={filter.value}
                  onChange={(event) => setFilter(index, { value: event.currentTarget.value })}
                  error={errors[`filters.${index}.value`]}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={`Remove filter ${index + 1}`}
                  disabled={draft.filters.length === 1}
                  onClick={() => change({ filters: draft.filters.filter((_, at) => at !== index) })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="xs"
                variant="default"
                onClick={() => change({ filters: [...draft.filters, { key: 'instance', value: '*' }] })}
              >
                Add filter
              </Button>
            </Group>
            <FilterPatternHelp />
          </Stack>
        )}

        {draft.type !== 'silent' && (
          <MultiSelect
            label={
              draft.type === 'template' ? 'Endpoints that get the template' : 'Endpoints to page as well'
            }
            data={endpointOptions}
            value={draft.endpointIds}
            searchable
            nothingFoundMessage="No endpoint: create one under Endpoints first."
            onChange={(endpointIds) => change({ endpointIds })}
            error={errors.endpointIds}
          />
        )}

        {draft.type === 'template' && (
          <>
            <Textarea
              label="Template"
              description="Liquid: {{ rule.name }}, {{ instance }}, {{ state_line }}, {{ labels.job }}, {{ summary | default: description }} … The headline and the acknowledge button stay."
              autosize
              minRows={4}
              maxRows={14}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={draft.template}
              onChange={(event) => change({ template: event.currentTarget.value })}
              error={errors.template}
            />
            <TemplatePreview alertRuleId={alertRuleId} template={draft.template} />
          </>
        )}

        {draft.type === 'silent' && (
          <>
            <MultiSelect
              label="Silence while any of these rules…"
              data={ruleOptions}
              value={draft.dependsOnAlertRuleIds}
              searchable
              nothingFoundMessage="No other rule to depend on."
              onChange={(dependsOnAlertRuleIds) => change({ dependsOnAlertRuleIds })}
              error={errors.dependsOnAlertRuleIds}
            />
            <Select
              label="…is in the state"
              data={[
                { value: 'critical', label: 'critical (e.g. the uplink is down)' },
                { value: 'resolved', label: 'resolved' },
              ]}
              value={draft.triggerState}
              allowDeselect={false}
              onChange={(value) =>
                (value === 'critical' || value === 'resolved') && change({ triggerState: value })
              }
              error={errors.triggerState}
            />
            <Checkbox
              label="Maintenance window: silence at set times"
              checked={maintenance !== null}
              onChange={(event) =>
                change({ maintenance: event.currentTarget.checked ? defaultMaintenance(new Date()) : null })
              }
              error={errors.maintenance}
            />
            {maintenance && (
              <Stack gap="xs" pl="md">
                <Group grow align="flex-start">
                  <TextInput
                    type="datetime-local"
                    label="From"
                    value={maintenance.from}
                    onChange={(event) => setMaintenance({ from: event.currentTarget.value })}
                    error={errors['maintenance.from']}
                  />
                  <TextInput
                    type="datetime-local"
                    label="To"
                    value={maintenance.to}
                    onChange={(event) => setMaintenance({ to: event.currentTarget.value })}
                    error={errors['maintenance.to']}
                  />
                </Group>
                <Select
                  label="Time zone"
                  data={
                    TIME_ZONES.includes(maintenance.timeZone)
                      ? TIME_ZONES
                      : [maintenance.timeZone, ...TIME_ZONES]
                  }
                  searchable
                  limit={50}
                  allowDeselect={false}
                  value={maintenance.timeZone}
                  onChange={(timeZone) => timeZone && setMaintenance({ timeZone })}
                  error={errors['maintenance.timeZone']}
                />
                <Checkbox
                  label="Every week at these times"
                  checked={maintenance.weekly}
                  onChange={(event) => setMaintenance({ weekly: event.currentTarget.checked })}
                />
              </Stack>
            )}
          </>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {original ? 'Save' : 'Create behavior rule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
