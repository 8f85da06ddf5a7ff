import { TextInput } from '@mantine/core';

/**
 * The From and Until of an override or a swap offer: `datetime-local` values in the user's time
 * zone (the form turns them into instants), with the server's message at each.
 */
export function RangeFields({
  from,
  until,
  onFrom,
  onUntil,
  errorAt,
}: {
  from: string;
  until: string;
  onFrom: (value: string) => void;
  onUntil: (value: string) => void;
  errorAt: (field: 'from' | 'until') => string | undefined;
}) {
  return (
    <>
      <TextInput
        type="datetime-local"
        label="From"
        description="Your time zone."
        required
        value={from}
        onChange={(event) => onFrom(event.currentTarget.value)}
        error={errorAt('from')}
      />
      <TextInput
        type="datetime-local"
        label="Until"
        required
        value={until}
        onChange={(event) => onUntil(event.currentTarget.value)}
        error={errorAt('until')}
      />
    </>
  );
}
