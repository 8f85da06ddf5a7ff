import { Box, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import {
  blockStarts,
  blocksByDay,
  type CalendarBlock,
  type CalendarRow,
  localDays,
  MIN_TARGET_PX,
  peopleText,
  placement,
} from './calendar-rows';
import { clockText, dayText, rangeText } from './shift-times';

/** A picked shift: the block and the row it is on. */
export interface PickedShift {
  row: CalendarRow;
  block: CalendarBlock;
}

const LABEL_WIDTH = 112;

/** The colours say what a block is; its words say it too, for whoever cannot tell the colours apart. */
function blockStyle(block: CalendarBlock, final: boolean): CSSProperties {
  const tone = block.gap ? 'red' : block.overrideIds.length ? 'orange' : final ? 'blue' : 'gray';
  return {
    background: `var(--mantine-color-${tone}-light)`,
    color: 'var(--mantine-color-text)',
    border: `1px ${block.overrideIds.length ? 'dashed' : 'solid'} var(--mantine-color-${tone}-outline)`,
    borderLeftWidth: 4,
  };
}

function blockWords(block: CalendarBlock): string {
  if (block.gap) return 'Nobody';
  const names = block.people.map((person) => person.name).join(', ');
  return block.overrideIds.length ? `Override: ${names}` : names;
}

/** The full accessible name of a shift: who, when, and what marks it. */
export function shiftLabel(row: CalendarRow, block: CalendarBlock): string {
  const marks = [block.overrideIds.length ? 'override' : '', block.gap ? 'gap' : ''].filter(Boolean);
  return `${row.label}: ${peopleText(block)}, ${rangeText(block.from, block.until)}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

/**
 * The week drawn as rows against time: the final on-call row first, then each layer. Every shift is
 * a button (a tap or Enter opens what can be done with it). Scrolls inside its own box on a phone.
 */
export function WeekGrid({
  rows,
  start,
  onPick,
}: {
  rows: CalendarRow[];
  start: Date;
  onPick: (shift: PickedShift) => void;
}) {
  const days = localDays(start, 7);
  const from = days[0]?.from ?? start.getTime();
  const until = days[days.length - 1]?.until ?? from;
  const dayLines = days
    .slice(1)
    .map((day) => {
      const at = placement({ from: day.from, until: day.from + 1 }, from, until).left;
      return `linear-gradient(to right, transparent calc(${at}% - 1px), var(--mantine-color-default-border) calc(${at}% - 1px), var(--mantine-color-default-border) ${at}%, transparent ${at}%)`;
    })
    .join(', ');
  return (
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`Week of ${dayText(from)}`}>
      <Box miw={720} style={{ display: 'grid', gridTemplateColumns: `${LABEL_WIDTH}px 1fr`, rowGap: 6 }}>
        <div />
        <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)' }} aria-hidden>
          {days.map((day) => (
            <Text key={day.from} size="xs" fw={600} ta="center">
              {dayText(day.from)}
            </Text>
          ))}
        </Box>
        {rows.map((row) => (
          <RowTrack key={row.id} row={row} from={from} until={until} background={dayLines} onPick={onPick} />
        ))}
      </Box>
    </Box>
  );
}

function RowTrack({
  row,
  from,
  until,
  background,
  onPick,
}: {
  row: CalendarRow;
  from: number;
  until: number;
  background: string;
  onPick: (shift: PickedShift) => void;
}) {
  const final = row.kind === 'final';
  const starts = blockStarts(row.blocks.map((block) => placement(block, from, until)));
  return (
    <>
      <Text size="sm" fw={final ? 700 : 500} style={{ alignSelf: 'center' }} truncate id={`row-${row.id}`}>
        {row.label}
      </Text>
      <Box
        component="ul"
        aria-labelledby={`row-${row.id}`}
        style={{
          position: 'relative',
          height: final ? 52 : 40,
          margin: 0,
          padding: 0,
          listStyle: 'none',
          backgroundImage: background,
        }}
      >
        {row.blocks.map((block, index) => {
          const { left, width } = placement(block, from, until);
          if (width <= 0) return null;
          return (
            <li
              key={block.from}
              style={{
                position: 'absolute',
                // A short shift still gets a 24 px target (WCAG 2.5.8), and the shifts after it
                // start that much later (blockStarts), so none covers another.
                minWidth: MIN_TARGET_PX,
                top: 2,
                bottom: 2,
                left: starts[index],
                right: `${Math.max(0, 100 - left - width)}%`,
                padding: '0 1px',
              }}
            >
              <UnstyledButton
                aria-label={shiftLabel(row, block)}
                onClick={() => onPick({ row, block })}
                style={{
                  ...blockStyle(block, final),
                  width: '100%',
                  height: '100%',
                  borderRadius: 4,
                  padding: '0 4px',
                  overflow: 'hidden',
                }}
              >
                <Text size="xs" fw={final ? 600 : 400} truncate>
                  {blockWords(block)}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </Box>
    </>
  );
}

/**
 * The final row as a list, one heading a day: the phone's calendar (two weeks or a month), each
 * shift a full-width button with its local times.
 */
export function ShiftList({
  row,
  start,
  days,
  onPick,
}: {
  row: CalendarRow;
  start: Date;
  days: number;
  onPick: (shift: PickedShift) => void;
}) {
  return (
    <Stack gap="sm">
      {blocksByDay(row.blocks, localDays(start, days)).map(({ day, parts }) => (
        <Box key={day.from} component="section" aria-label={dayText(day.from)}>
          <Title order={3} size="h6" mb={4}>
            {dayText(day.from)}
          </Title>
          <Stack gap={4}>
            {parts.map((part) => (
              <UnstyledButton
                key={part.block.from}
                aria-label={shiftLabel(row, part.block)}
                onClick={() => onPick({ row, block: part.block })}
                style={{ ...blockStyle(part.block, true), borderRadius: 4, padding: '6px 8px' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {blockWords(part.block)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {clockText(part.from)} – {clockText(part.until)}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** What the colours mean, in words. */
export function CalendarLegend() {
  return (
    <Group gap="xs">
      <Paper
        px={6}
        py={1}
        style={blockStyle({ from: 0, until: 1, people: [], gap: false, overrideIds: [] }, true)}
      >
        <Text size="xs">On call</Text>
      </Paper>
      <Paper
        px={6}
        py={1}
        style={blockStyle({ from: 0, until: 1, people: [], gap: false, overrideIds: ['o'] }, true)}
      >
        <Text size="xs">Override</Text>
      </Paper>
      <Paper
        px={6}
        py={1}
        style={blockStyle({ from: 0, until: 1, people: [], gap: true, overrideIds: [] }, true)}
      >
        <Text size="xs">Gap: nobody on call</Text>
      </Paper>
    </Group>
  );
}
