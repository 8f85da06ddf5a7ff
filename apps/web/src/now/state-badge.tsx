import { Badge } from '@mantine/core';

/** Shades dark (or light) enough for AA contrast with the badge's text in both themes. */
const COLORS: Record<string, string> = {
  critical: 'red.9',
  warning: 'yellow.5',
  triggered: 'grape.9',
  resolved: 'teal.9',
  unknown: 'gray.7',
  error: 'pink.9',
};

/**
 * The state a rule is shown in: `error` while its "source unreachable" episode is open (the rule's
 * own state is then critical, since that episode pages), else its state.
 */
export function shownRuleState(
  rule: { state: string; sourceUnreachableSince?: string | null },
  state = rule.state,
) {
  return rule.sourceUnreachableSince ? 'error' : state;
}

/** A state as a word and a color (never the color alone). */
export function StateBadge({ state }: { state: string }) {
  return (
    <Badge color={COLORS[state] ?? 'gray'} variant="filled" radius="sm" style={{ flexShrink: 0 }}>
      {state}
    </Badge>
  );
}
