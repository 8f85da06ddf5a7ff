import { Alert, Button, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from '../forms/server-field-errors';
import { DestinationField } from './destination-field';
import {
  codeRequired,
  type EndpointCreateInput,
  type EndpointDraft,
  emptyDraft,
  endpointInput,
  VERIFIED_FIELD,
} from './endpoint-draft';
import { type EndpointTypeForm, inSentence } from './endpoint-type-forms';
import { FlowStepEditor, type PeopleOptions, type StepCandidate } from './flow-step-editor';

/** The fields the form draws whatever the type. */
const FORM_FIELDS = ['type', 'name', 'otpCode', 'accessUserIds', 'accessTeamIds'];

export interface Option {
  value: string;
  label: string;
}

export interface EndpointFormProps {
  /** The endpoint being edited, or null to create one. */
  original: EndpointDraft | null;
  /** The types to write, as the server's plugins declare them (`endpoints.types`); the first is the default. */
  types: readonly EndpointTypeForm[];
  candidates: StepCandidate[];
  /** What a flow's people steps may page. */
  people: PeopleOptions;
  users: Option[];
  teams: Option[];
  onSendCode: (request: { type: string; value: string }) => Promise<unknown>;
  onSubmit: (input: EndpointCreateInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Creates or edits an endpoint: the fields its type's plugin declares, the one-time code step for
 * a type whose plugin verifies (send a code, enter it), the step editor for a flow, and with whom
 * it is shared. A 422 shows at its field; the form keeps what was typed whatever fails.
 */
export function EndpointForm({
  original,
  types,
  candidates,
  people,
  users,
  teams,
  onSendCode,
  onSubmit,
  onCancel,
}: EndpointFormProps) {
  const [draft, setDraft] = useState<EndpointDraft>(original ?? emptyDraft(types[0]?.type ?? 'flow'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<EndpointDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const form: EndpointTypeForm = types.find((type) => type.type === draft.type) ?? {
    type: draft.type,
    label: draft.type,
    otp: false,
    lane: null,
    steps: false,
    fields: [],
  };
  const needsCode = codeRequired(draft, original, form);
  const verifiedValue = (draft.fields[VERIFIED_FIELD] ?? '').trim();
  const setField = (name: string, value: string) =>
    setDraft((current) => ({ ...current, fields: { ...current.fields, [name]: value } }));

  // A message at a field the form does not draw (a plugin's nested field) shows above it instead.
  const drawn = new Set([...FORM_FIELDS, ...form.fields.map((field) => field.name)]);
  const fail = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    const elsewhere = Object.entries(fields)
      .filter(([path]) => !drawn.has(path) && !path.startsWith('steps'))
      .map(([, message]) => message);
    setErrors(fields);
    if (Object.keys(fields).length === 0) setProblem(failureMessage(error));
    else setProblem(elsewhere.length > 0 ? elsewhere.join(' ') : null);
  };

  const sendCode = async () => {
    setSending(true);
    setErrors({});
    setProblem(null);
    try {
      await onSendCode({ type: draft.type, value: verifiedValue });
      setSentTo(verifiedValue);
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setProblem(null);
    try {
      await onSubmit(endpointInput(draft, original, form));
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const channel = inSentence(form.label);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Endpoint">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not saved">
            {problem}
          </Alert>
        )}
        <Select
          label="Type"
          data={types.map(({ type, label }) => ({ value: type, label }))}
          value={draft.type}
          allowDeselect={false}
          disabled={original !== null}
          onChange={(value) => {
            if (value !== null) change({ type: value, fields: {}, otpCode: '' });
            setSentTo(null);
          }}
          error={errors.type}
        />
        <TextInput
          label="Name"
          required
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={errors.name}
        />
        {form.fields.map((field) => (
          <DestinationField
            key={`${form.type}.${field.name}`}
            field={field}
            value={draft.fields[field.name] ?? ''}
            editing={original !== null}
            onChange={(value) => setField(field.name, value)}
            error={errors[field.name]}
          />
        ))}
        {needsCode && (
          <Stack gap={6} role="group" aria-label="Verification">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Button
                variant="light"
                onClick={() => void sendCode()}
                loading={sending}
                disabled={verifiedValue === ''}
              >
                {sentTo ? 'Send a new code' : 'Send code'}
              </Button>
              <TextInput
                label="Code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={draft.otpCode}
                onChange={(event) => change({ otpCode: event.currentTarget.value })}
                error={errors.otpCode}
                w={140}
              />
            </Group>
            <Text size="xs" c="dimmed" aria-live="polite">
              {sentTo
                ? `A code was sent by ${channel} to ${sentTo}; it works for 5 minutes. Enter it, then save.`
                : `Alerts go only where you have proven you receive them: send a code by ${channel}, then enter it.`}
            </Text>
          </Stack>
        )}
        {form.steps && (
          <FlowStepEditor
            steps={draft.steps}
            onChange={(steps) => change({ steps })}
            candidates={candidates}
            people={people}
            errors={errors}
          />
        )}
        <MultiSelect
          label="Shared with users"
          description="They may attach it to their rules."
          data={users}
          value={draft.accessUserIds}
          onChange={(accessUserIds) => change({ accessUserIds })}
          searchable
          error={errors.accessUserIds}
        />
        <MultiSelect
          label="Shared with teams"
          data={teams}
          value={draft.accessTeamIds}
          onChange={(accessTeamIds) => change({ accessTeamIds })}
          searchable
          error={errors.accessTeamIds}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {original ? 'Save' : 'Create endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
