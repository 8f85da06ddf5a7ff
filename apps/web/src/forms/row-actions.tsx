import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A row's buttons, kept on one line at the row's end. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {children}
    </Group>
  );
}

/** One small row action whose accessible name says what it acts on ("Edit sms-main"). */
export function RowAction({
  label,
  name,
  onClick,
}: {
  label: string;
  /** The full accessible name. */
  name: string;
  onClick: () => void;
}) {
  return (
    <Button size="xs" variant="default" aria-label={name} onClick={onClick}>
      {label}
    </Button>
  );
}
