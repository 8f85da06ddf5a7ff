import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ConfirmButton } from '../forms/confirm-button';
import { RowAction, RowActions } from '../forms/row-actions';
import {
  type ContactMethod,
  contactLabel,
  delayLabel,
  describeRule,
  orderedRules,
  type RuleRow,
  type Urgency,
  urgencyLabel,
  withoutRules,
} from './notification-rule-lists';

/**
 * One urgency's rules in the order they page ("at once: Telegram 'my chat'", "after 2 min: SMS
 * 'phone'"), each with Edit and a Remove that asks first; with none, what such a page does instead.
 */
export function UrgencyRuleList({
  urgency,
  rules,
  methods,
  removing,
  onAdd,
  onEdit,
  onRemove,
}: {
  urgency: Urgency;
  /** All the user's rules: the empty state depends on the other urgency's. */
  rules: readonly RuleRow[];
  methods: readonly ContactMethod[];
  removing: boolean;
  onAdd: () => void;
  onEdit: (rule: RuleRow) => void;
  onRemove: (rule: RuleRow) => void;
}) {
  const title = urgencyLabel(urgency);
  const headingId = `rules-${urgency}`;
  const ordered = orderedRules(rules, urgency, methods);
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Button size="xs" variant="default" aria-label={`Add a ${urgency}-urgency rule`} onClick={onAdd}>
          Add rule
        </Button>
      </Group>
      {ordered.length === 0 ? (
        <Text size="sm" c="dimmed">
          {withoutRules(urgency, rules)}
        </Text>
      ) : (
        <Box component="ol" aria-label={`${title} rules`} m={0} p={0} style={{ listStyle: 'none' }}>
          {ordered.map((rule) => {
            const words = describeRule(rule, methods);
            return (
              <Group
                key={rule.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py={4}
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Text size="sm">{words}</Text>
                <RowActions>
                  <RowAction
                    label="Edit"
                    name={`Edit ${urgency}-urgency rule ${words}`}
                    onClick={() => onEdit(rule)}
                  />
                  <ConfirmButton
                    label="Remove"
                    aria-label={`Remove ${urgency}-urgency rule ${words}`}
                    title="Remove this rule?"
                    confirmLabel="Remove rule"
                    loading={removing}
                    onConfirm={() => onRemove(rule)}
                  >
                    {`${title} pages no longer reach ${contactLabel(methods.find((method) => method.id === rule.endpointId))} ${delayLabel(rule.delayMinutes)}.`}
                  </ConfirmButton>
                </RowActions>
              </Group>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
