import { ActionIcon, Anchor, Box, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { StateBadge, shownRuleState } from '../now/state-badge';
import type { ListedRule } from './use-rule-pages';

const ROW_HEIGHT = 52;

/**
 * The rules as a virtualized list: only the rows in view (and a few around) are in the page, so
 * thousands scroll smoothly; `onNearEnd` asks for the next page before its end shows.
 */
export function RuleRows({
  rules,
  total,
  liveStates,
  onNearEnd,
  onPin,
  selected,
  onToggle,
}: {
  rules: readonly ListedRule[];
  total: number;
  liveStates: ReadonlyMap<string, string>;
  onNearEnd: () => void;
  onPin: (rule: ListedRule) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rules.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);
  useEffect(() => {
    if (last && last.index >= rules.length - 20) onNearEnd();
  }, [last, rules.length, onNearEnd]);

  return (
    <Box
      ref={scroller}
      tabIndex={0}
      role="region"
      aria-label={`Alert rules, ${rules.length} of ${total} loaded`}
      // As tall as its rows up to most of the screen, so a short list leaves no empty box.
      style={{ height: `min(70vh, ${rules.length * ROW_HEIGHT + 2}px)`, overflowY: 'auto', borderRadius: 4 }}
      bd="1px solid var(--mantine-color-default-border)"
    >
      <ul
        aria-label="Alert rules"
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {items.map((item) => {
          const rule = rules[item.index];
          if (!rule) return null;
          return (
            <li
              key={rule.id}
              aria-setsize={total}
              aria-posinset={item.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <Group
                h="100%"
                px="sm"
                gap="sm"
                wrap="nowrap"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Checkbox
                  size="md"
                  aria-label={`Select ${rule.name}`}
                  checked={selected.has(rule.id)}
                  onChange={() => onToggle(rule.id)}
                />
                <Tooltip label={rule.pinned ? 'Unpin' : 'Pin to the top'}>
                  <ActionIcon
                    variant={rule.pinned ? 'filled' : 'subtle'}
                    aria-pressed={rule.pinned}
                    aria-label={`${rule.pinned ? 'Unpin' : 'Pin'} ${rule.name}`}
                    onClick={() => onPin(rule)}
                  >
                    <span aria-hidden>{rule.pinned ? '★' : '☆'}</span>
                  </ActionIcon>
                </Tooltip>
                <StateBadge state={shownRuleState(rule, liveStates.get(rule.id) ?? rule.state)} />
                <Box style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    size="sm"
                    fw={500}
                    truncate="end"
                    display="block"
                    renderRoot={(props) => (
                      <Link to="/rules/$ruleId" params={{ ruleId: rule.id }} {...props} />
                    )}
                  >
                    {rule.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate="end">
                    {rule.type} · {rule.owner.name || rule.owner.username}
                    {rule.tags.length > 0 ? ` · ${rule.tags.join(', ')}` : ''}
                  </Text>
                </Box>
                <Text size="xs" c="dimmed" visibleFrom="xs" style={{ flexShrink: 0 }}>
                  {rule.silentStatus === 'silent' ? 'Silenced for me' : 'Notifying me'}
                </Text>
              </Group>
            </li>
          );
        })}
      </ul>
    </Box>
  );
}
