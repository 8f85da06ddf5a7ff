import { ActionIcon, Box, Checkbox, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState } from 'react';
import { StateBadge, shownRuleState } from '../now/state-badge';
import classes from './rule-rows.module.css';
import type { ListedRule } from './use-rule-pages';

const ROW_HEIGHT = 52;

/** The pin button under the pointer, for the list's one tooltip. */
interface PinHint {
  target: HTMLElement;
  label: string;
}

/**
 * The rules as a virtualized list: only the rows in view (and a few around) are in the page, so
 * thousands scroll smoothly; `onNearEnd` asks for the next page before its end shows. Each row is
 * memoized on what it shows, so a scroll step renders only the rows it brings into view, and a new
 * page, a live state or a tick re-renders only the rows it changes.
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
  /** Stable across renders, like `onToggle`: a new function would re-render every row. */
  onPin: (rule: ListedRule) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rules.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1);
  useEffect(() => {
    if (last && last.index >= rules.length - 20) onNearEnd();
  }, [last, rules.length, onNearEnd]);
  // One tooltip for every row's pin button (a Mantine Tooltip per row set up its floating
  // position on each row mounted while scrolling): shown while the pointer or focus is on one.
  const [pinHint, setPinHint] = useState<PinHint | null>(null);
  const hintAt = (event: { target: EventTarget }) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-pin-hint]') : null;
    const label = target?.dataset.pinHint;
    setPinHint((was) => (target && label ? (was?.target === target ? was : { target, label }) : null));
  };

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
        onMouseOver={hintAt}
        onFocus={hintAt}
        onMouseLeave={() => setPinHint(null)}
        onBlur={() => setPinHint(null)}
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
            <RuleRow
              key={rule.id}
              rule={rule}
              position={item.index + 1}
              total={total}
              top={item.start}
              state={shownRuleState(rule, liveStates.get(rule.id) ?? rule.state)}
              selected={selected.has(rule.id)}
              onToggle={onToggle}
              onPin={onPin}
            />
          );
        })}
      </ul>
      {pinHint && <Tooltip target={pinHint.target} label={pinHint.label} opened />}
    </Box>
  );
}

const RuleRow = memo(function RuleRow({
  rule,
  position,
  total,
  top,
  state,
  selected,
  onToggle,
  onPin,
}: {
  rule: ListedRule;
  position: number;
  total: number;
  top: number;
  state: string;
  selected: boolean;
  onToggle: (id: string) => void;
  onPin: (rule: ListedRule) => void;
}) {
  return (
    <li
      aria-setsize={total}
      aria-posinset={position}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: ROW_HEIGHT,
        transform: `translateY(${top}px)`,
      }}
    >
      <div className={classes.row}>
        <Checkbox
          size="md"
          aria-label={`Select ${rule.name}`}
          checked={selected}
          onChange={() => onToggle(rule.id)}
        />
        <ActionIcon
          variant={rule.pinned ? 'filled' : 'subtle'}
          aria-pressed={rule.pinned}
          aria-label={`${rule.pinned ? 'Unpin' : 'Pin'} ${rule.name}`}
          data-pin-hint={rule.pinned ? 'Unpin' : 'Pin to the top'}
          onClick={() => onPin(rule)}
        >
          <span aria-hidden>{rule.pinned ? '★' : '☆'}</span>
        </ActionIcon>
        <StateBadge state={state} />
        <div className={classes.main}>
          <Link to="/rules/$ruleId" params={{ ruleId: rule.id }} className={classes.name}>
            {rule.name}
          </Link>
          <span className={classes.meta}>
            {rule.type} · {rule.owner.name || rule.owner.username}
            {rule.tags.length > 0 ? ` · ${rule.tags.join(', ')}` : ''}
          </span>
        </div>
        <span className={classes.silence}>
          {rule.silentStatus === 'silent' ? 'Silenced for me' : 'Notifying me'}
        </span>
      </div>
    </li>
  );
});
