import { Select } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorAt } from '../forms/field-error-at';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';
import type { RouterInputs } from '../trpc/router-types';
import type { CalendarBlock } from './calendar-rows';
import { RangeFields } from './range-fields';
import { instantOfLocalInput, localInputValue } from './shift-times';

export type OverrideBody = RouterInputs['schedules']['addOverride']['override'];
type Kind = OverrideBody['kind'];

const KINDS: { value: Kind; label: string }[] = [
  { value: 'replace', label: 'Replace someone on call' },
  { value: 'add', label: 'Add someone' },
  { value: 'remove', label: 'Remove someone' },
];

/**
 * An override for a range of a shift, in the user's time zone: replace a person on call with
 * another, add one, or remove one. Overlapping overrides are refused by the server at `from`,
 * naming the one in the way.
 */
export function OverrideForm({
  block,
  users,
  onSubmit,
  onCancel,
}: {
  block: CalendarBlock;
  users: { value: string; label: string }[];
  onSubmit: (override: OverrideBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const onCallNow = block.people.map((person) => ({ value: person.userId, label: person.name }));
  const [kind, setKind] = useState<Kind>(block.gap ? 'add' : 'replace');
  const [userId, setUserId] = useState<string | null>(null);
  const [replacedUserId, setReplacedUserId] = useState<string | null>(block.people[0]?.userId ?? null);
  const [from, setFrom] = useState(localInputValue(block.from));
  const [until, setUntil] = useState(localInputValue(block.until));
  const { errors, problem, saving, submit } = useFormSubmit(() => {
    const range = { from: instantOfLocalInput(from) ?? from, until: instantOfLocalInput(until) ?? until };
    const person = userId ?? '';
    return onSubmit(
      kind === 'replace'
        ? { kind, userId: person, replacedUserId: replacedUserId ?? '', ...range }
        : { kind, userId: person, ...range },
    );
  });
  const error = (path: string) => fieldErrorAt(errors, path, 'override');
  const personLabel =
    kind === 'replace' ? 'Who takes over' : kind === 'add' ? 'Who is added' : 'Who is removed';

  return (
    <FormShell
      label="Override"
      problem={problem}
      saving={saving}
      submitLabel="Add override"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Select
        label="Kind"
        data={KINDS}
        value={kind}
        allowDeselect={false}
        onChange={(value) => setKind((value ?? 'replace') as Kind)}
        error={error('kind')}
      />
      {kind === 'replace' && (
        <Select
          label="Who is replaced"
          required
          data={onCallNow.length ? onCallNow : users}
          value={replacedUserId}
          onChange={setReplacedUserId}
          searchable
          error={error('replacedUserId')}
        />
      )}
      <Select
        label={personLabel}
        required
        data={kind === 'remove' && onCallNow.length ? onCallNow : users}
        value={userId}
        onChange={setUserId}
        searchable
        error={error('userId')}
      />
      <RangeFields from={from} until={until} onFrom={setFrom} onUntil={setUntil} errorAt={error} />
    </FormShell>
  );
}
