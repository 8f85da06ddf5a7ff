import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  critical: 'red',
  warning: 'orange',
  triggered: 'grape',
  resolved: 'teal',
  unknown: 'gray',
};

/** A state as a word and a color (never the color alone). */
export function StateBadge({ state }: { state: string }) {
  return (
    <Badge color={COLORS[state] ?? 'gray'} variant="filled" radius="sm">
      {state}
    </Badge>
  );
}
