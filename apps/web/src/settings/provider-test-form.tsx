import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFormSubmit } from '../forms/use-form-submit';

export interface ProviderTestAnswer {
  delivered: boolean;
  message: string;
}

/** Where a config's test message goes, by kind: a number for SMS and calls, an address for email. */
export function destinationLabel(kind: string): string {
  if (kind === 'sms' || kind === 'call') return 'Phone number';
  if (kind === 'email') return 'Email address';
  return 'Destination';
}

/**
 * Sends one test message through a config (no fallback to the backup, nothing in the delivery log)
 * and says what the provider answered.
 */
export function ProviderTestForm({
  kind,
  onSend,
  onClose,
}: {
  kind: string;
  onSend: (to: string) => Promise<ProviderTestAnswer>;
  onClose: () => void;
}) {
  const [to, setTo] = useState('');
  const [answer, setAnswer] = useState<ProviderTestAnswer | null>(null);
  const { errors, problem, saving, submit } = useFormSubmit(async () => {
    setAnswer(null);
    setAnswer(await onSend(to));
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Send a test">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert" title="Not sent">
            {problem}
          </Alert>
        )}
        <TextInput
          label={destinationLabel(kind)}
          required
          type={kind === 'email' ? 'email' : 'text'}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={errors.to}
        />
        <div role="status">
          {answer && (
            <Alert
              color={answer.delivered ? 'gray' : 'red'}
              variant="light"
              title={answer.delivered ? 'Sent' : 'Not sent'}
            >
              {answer.message}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
          <Button type="submit" loading={saving}>
            Send test
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
