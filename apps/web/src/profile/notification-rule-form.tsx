import { NumberInput, Select } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorAt } from '../forms/field-error-at';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';
import {
  type ContactMethod,
  contactLabel,
  MAX_DELAY_MINUTES,
  URGENCIES,
  type Urgency,
  urgencyLabel,
} from './notification-rule-lists';

export interface NotificationRuleDraft {
  urgency: Urgency;
  delayMinutes: number;
  endpointId: string;
}

/**
 * Adds or edits one personal notification rule: which urgency, which own endpoint, how many minutes
 * in. A 422 shows at its field (`data.endpointId` when editing, `endpointId` when adding).
 */
export function NotificationRuleForm({
  original,
  methods,
  onSubmit,
  onCancel,
}: {
  original: NotificationRuleDraft;
  methods: readonly ContactMethod[];
  onSubmit: (draft: NotificationRuleDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [urgency, setUrgency] = useState<Urgency>(original.urgency);
  const [endpointId, setEndpointId] = useState(original.endpointId);
  // Empty while the field is cleared: sent as it is, the server names the delay field.
  const [delay, setDelay] = useState<number | string>(original.delayMinutes);
  const { errors, problem, saving, submit } = useFormSubmit(() =>
    onSubmit({ urgency, endpointId, delayMinutes: typeof delay === 'number' ? delay : Number.NaN }),
  );
  const error = (field: string) => fieldErrorAt(errors, field, 'data');
  // The endpoint picker is focused first and not searchable: a searchable one opens its list on focus,
  // and the dialog's first Escape would close that list instead of the dialog.
  return (
    <FormShell
      label="Notification rule"
      problem={problem}
      saving={saving}
      submitLabel="Save rule"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Select
        label="Urgency"
        description="Which pages it applies to; a flow's people step says how urgent its page is."
        data={URGENCIES.map((value) => ({ value, label: urgencyLabel(value) }))}
        value={urgency}
        allowDeselect={false}
        onChange={(value) => setUrgency(value === 'high' ? 'high' : 'default')}
        error={error('urgency')}
      />
      <Select
        label="Endpoint"
        required
        placeholder={methods.length === 0 ? 'Create an endpoint first' : 'Pick one of your endpoints'}
        data={methods.map((method) => ({ value: method.id, label: contactLabel(method) }))}
        value={endpointId || null}
        onChange={(value) => setEndpointId(value ?? '')}
        allowDeselect={false}
        error={error('endpointId')}
        data-autofocus
      />
      <NumberInput
        label="Delay in minutes"
        description={`0 pages at once; at most ${MAX_DELAY_MINUTES} (a day). Acknowledging stops the later ones.`}
        required
        min={0}
        max={MAX_DELAY_MINUTES}
        allowDecimal={false}
        allowNegative={false}
        value={delay}
        onChange={setDelay}
        error={error('delayMinutes')}
      />
    </FormShell>
  );
}
