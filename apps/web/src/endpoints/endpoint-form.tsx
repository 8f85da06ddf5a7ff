import {
  Alert,
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from '../forms/server-field-errors';
import {
  codeRequired,
  type EndpointCreateInput,
  type EndpointDraft,
  emptyDraft,
  endpointInput,
} from './endpoint-draft';
import { destinationKind, ENDPOINT_TYPES, isEndpointType } from './endpoint-types';
import { FlowStepEditor, type PeopleOptions, type StepCandidate } from './flow-step-editor';

export interface Option {
  value: string;
  label: string;
}

export interface EndpointFormProps {
  /** The endpoint being edited, or null to create one. */
  original: EndpointDraft | null;
  candidates: StepCandidate[];
  /** What a flow's people steps may page. */
  people: PeopleOptions;
  users: Option[];
  teams: Option[];
  onSendCode: (request: { type: 'sms' | 'call' | 'email'; value: string }) => Promise<unknown>;
  onSubmit: (input: EndpointCreateInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * Creates or edits an endpoint: the type's fields, the one-time code step for SMS, call and email
 * (send a code, enter it), the step editor for a flow, and with whom it is shared. A 422 shows at
 * its field; the form keeps what was typed whatever fails.
 */
export function EndpointForm({
  original,
  candidates,
  people,
  users,
  teams,
  onSendCode,
  onSubmit,
  onCancel,
}: EndpointFormProps) {
  const [draft, setDraft] = useState<EndpointDraft>(original ?? emptyDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const change = (patch: Partial<EndpointDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const kind = destinationKind(draft.type);
  const needsCode = codeRequired(draft, original);

  const fail = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    setErrors(fields);
    setProblem(Object.keys(fields).length > 0 ? null : failureMessage(error));
  };

  const sendCode = async () => {
    if (draft.type !== 'sms' && draft.type !== 'call' && draft.type !== 'email') return;
    setSending(true);
    setErrors({});
    setProblem(null);
    try {
      await onSendCode({ type: draft.type, value: draft.value.trim() });
      setSentTo(draft.value.trim());
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
      await onSubmit(endpointInput(draft, original));
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const valueLabel = kind === 'phone' ? 'Phone number' : kind === 'email' ? 'Email address' : 'Webhook URL';
  const channel = draft.type === 'email' ? 'email' : draft.type === 'call' ? 'call' : 'SMS';

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
          data={ENDPOINT_TYPES.map(({ value, label }) => ({ value, label }))}
          value={draft.type}
          allowDeselect={false}
          disabled={original !== null}
          onChange={(value) => {
            if (isEndpointType(value)) change({ type: value, otpCode: '' });
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
        {(kind === 'phone' || kind === 'email' || kind === 'webhook') && (
          <TextInput
            label={valueLabel}
            required
            type={kind === 'email' ? 'email' : kind === 'webhook' ? 'url' : 'tel'}
            placeholder={
              kind === 'phone' ? '+15550100' : kind === 'email' ? 'oncall@example.com' : 'https://'
            }
            value={draft.value}
            onChange={(event) => change({ value: event.currentTarget.value })}
            error={errors.value}
          />
        )}
        {needsCode && (
          <Stack gap={6} role="group" aria-label="Verification">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Button
                variant="light"
                onClick={() => void sendCode()}
                loading={sending}
                disabled={draft.value.trim() === ''}
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
        {kind === 'chat' && (
          <>
            <TextInput
              label="Chat id"
              required
              placeholder="-1001234567890 or @channel"
              value={draft.chatId}
              onChange={(event) => change({ chatId: event.currentTarget.value })}
              error={errors.chatId}
            />
            {draft.type === 'telegram' && (
              <TextInput
                label="Thread id"
                description="Optional: a topic in a forum group."
                value={draft.threadId}
                onChange={(event) => change({ threadId: event.currentTarget.value })}
                error={errors.threadId}
              />
            )}
            <PasswordInput
              label="Bot token"
              required={original === null}
              description={original ? 'Leave blank to keep the stored token.' : undefined}
              value={draft.botToken}
              onChange={(event) => change({ botToken: event.currentTarget.value })}
              error={errors.botToken}
            />
          </>
        )}
        {kind === 'steps' && (
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
