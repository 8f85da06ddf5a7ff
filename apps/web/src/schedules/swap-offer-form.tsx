import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { fieldErrorAt } from '../forms/field-error-at';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';
import type { RouterInputs } from '../trpc/router-types';
import type { CalendarBlock } from './calendar-rows';
import { RangeFields } from './range-fields';
import { instantOfLocalInput, localInputValue } from './shift-times';

export type SwapOffer = RouterInputs['schedules']['offerSwap']['swap'];

/**
 * Offers the user's own shift (or part of it) to the team: whoever takes it goes on call instead,
 * as a replace override. The server refuses a range in which the user is not on call, at `from`.
 */
export function SwapOfferForm({
  block,
  onSubmit,
  onCancel,
}: {
  block: CalendarBlock;
  onSubmit: (swap: SwapOffer) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [from, setFrom] = useState(localInputValue(Math.max(block.from, Date.now())));
  const [until, setUntil] = useState(localInputValue(block.until));
  const [note, setNote] = useState('');
  const { errors, problem, saving, submit } = useFormSubmit(() =>
    onSubmit({
      from: instantOfLocalInput(from) ?? from,
      until: instantOfLocalInput(until) ?? until,
      ...(note.trim() ? { note: note.trim() } : {}),
    }),
  );
  const error = (path: string) => fieldErrorAt(errors, path, 'swap');
  return (
    <FormShell
      label="Swap offer"
      problem={problem}
      saving={saving}
      submitLabel="Offer swap"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <RangeFields from={from} until={until} onFrom={setFrom} onUntil={setUntil} errorAt={error} />
      <Textarea
        label="Note"
        description="Why, or what the taker should know."
        autosize
        minRows={2}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={error('note')}
      />
    </FormShell>
  );
}
