import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from '../forms/server-field-errors';
import type { RouterOutputs } from '../trpc/router-types';
import {
  draftBody,
  draftOf,
  formFor,
  type RuleDraft,
  type RuleTypeForm,
  type StoredRule,
  switchForm,
} from './rule-draft';
import { RuleGroupingFields } from './rule-grouping-fields';
import { hasQuery, RuleQueryPreview } from './rule-query-preview';
import { schedulePicks } from './rule-schedule-targets';
import { RuleScheduleTargetsEditor } from './rule-schedule-targets-editor';
import { RuleTypeFields } from './rule-type-fields';

type Options = RouterOutputs['alertRules']['createData']['options'];

/** The draft's type fields as the preview sends them; null while they do not parse. */
function previewSettings(draft: RuleDraft, form: RuleTypeForm): Record<string, unknown> | null {
  const result = draftBody(draft, form);
  if (!result.ok) return null;
  const {
    name: _n,
    description: _d,
    showAcknowledgeBtn: _s,
    tags: _t,
    userIds: _u,
    teamIds: _tm,
    endpointIds: _e,
    scheduleTargets: _st,
    groupInterval: _gi,
    groupBy: _gb,
    repeatInterval: _ri,
    type: _ty,
    ...settings
  } = result.body;
  return settings;
}

/**
 * Creates or edits an alert rule: the fields every rule has, then its type's, drawn from what the
 * type's plugin declares. A 422 shows at its field; whatever fails, what was typed stays.
 */
export function RuleForm({
  forms,
  options,
  schedules,
  rule,
  defaultGroupInterval,
  onSubmit,
  onCancel,
}: {
  forms: readonly RuleTypeForm[];
  options: Options;
  /** The schedules the user may page (`schedules.list`). */
  schedules: readonly { id: string; name: string }[];
  rule?: StoredRule;
  /** The service's group interval in seconds (`alertRules.createData.grouping`), once known. */
  defaultGroupInterval?: number | undefined;
  onSubmit: (body: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
}) {
  const storedQueryType = typeof rule?.queryType === 'string' ? rule.queryType : undefined;
  const initialForm = formFor(forms, rule?.type ?? 'api', storedQueryType) ?? forms[0];
  const [draft, setDraft] = useState<RuleDraft | null>(initialForm ? draftOf(initialForm, rule) : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!draft || !initialForm) return <Alert color="red">No rule type is loaded on this server.</Alert>;
  const form = formFor(forms, draft.type, draft.queryType) ?? initialForm;
  const types = [...new Set(forms.map((f) => f.type))];
  const queryTypes = forms.filter((f) => f.type === draft.type && f.queryType).map((f) => f.queryType ?? '');
  const change = (patch: Partial<RuleDraft>) => setDraft({ ...draft, ...patch });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setProblem(null);
    const result = draftBody(draft, form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(result.body);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setProblem(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Alert rule">
      <Stack gap="sm" maw={640}>
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Type"
            data={types}
            value={draft.type}
            allowDeselect={false}
            disabled={rule !== undefined}
            description={rule ? 'A rule keeps its type.' : undefined}
            onChange={(type) => {
              const next = type ? formFor(forms, type) : undefined;
              if (next) setDraft(switchForm(draft, next));
            }}
            error={errors.type}
            miw={180}
          />
          {queryTypes.length > 0 && (
            <Select
              label="Query type"
              data={queryTypes.map((value) => ({
                value,
                label:
                  value === 'textQuery'
                    ? 'Text query'
                    : value === 'dynamic'
                      ? 'Alert from the source'
                      : value,
              }))}
              value={draft.queryType ?? null}
              allowDeselect={false}
              onChange={(queryType) => {
                const next = queryType ? formFor(forms, draft.type, queryType) : undefined;
                if (next) setDraft(switchForm(draft, next));
              }}
              error={errors.queryType}
              miw={180}
            />
          )}
        </Group>
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={draft.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <TagsInput
          label="Tags"
          value={draft.tags}
          onChange={(tags) => change({ tags })}
          error={errors.tags}
          clearable
        />
        <RuleTypeFields
          form={form}
          values={draft.fields}
          onChange={(name, value) => change({ fields: { ...draft.fields, [name]: value } })}
          errors={errors}
        />
        {hasQuery(form.fields) && (
          <RuleQueryPreview type={draft.type} settings={previewSettings(draft, form)} />
        )}
        <MultiSelect
          label="Notify endpoints"
          data={options.endpoints.map((e) => ({ value: e.id, label: `${e.name} (${e.type})` }))}
          value={draft.endpointIds}
          onChange={(endpointIds) => change({ endpointIds })}
          searchable
          clearable
          error={errors.endpointIds}
        />
        <RuleScheduleTargetsEditor
          value={draft.scheduleTargets}
          onChange={(scheduleTargets) => change({ scheduleTargets })}
          schedules={schedulePicks(schedules, rule?.scheduleTargets)}
          errors={errors}
        />
        <RuleGroupingFields
          value={draft.grouping}
          onChange={(grouping) => change({ grouping })}
          errors={errors}
          defaultGroupInterval={defaultGroupInterval}
        />
        <MultiSelect
          label="Shared with users"
          data={options.users.map((u) => ({ value: u.id, label: u.name || u.username }))}
          value={draft.userIds}
          onChange={(userIds) => change({ userIds })}
          searchable
          clearable
          error={errors.userIds}
        />
        <MultiSelect
          label="Shared with teams"
          data={options.teams.map((t) => ({ value: t.id, label: t.name }))}
          value={draft.teamIds}
          onChange={(teamIds) => change({ teamIds })}
          searchable
          clearable
          error={errors.teamIds}
        />
        <Switch
          label="Show an acknowledge button in notifications"
          checked={draft.showAcknowledgeBtn}
          onChange={(event) => change({ showAcknowledgeBtn: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {rule ? 'Save' : 'Create rule'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
