import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarRow } from '../src/schedules/calendar-rows';
import { ShiftList, WeekGrid } from '../src/schedules/schedule-calendar';
import { renderWithTheme } from './render';

const H = 3_600_000;
const monday = new Date(2026, 10, 30);
const at = (hours: number) => monday.getTime() + hours * H;
const rows: CalendarRow[] = [
  {
    id: 'final',
    label: 'On call',
    kind: 'final',
    blocks: [
      { from: at(0), until: at(33), people: [{ userId: 'u-ada', name: 'Ada' }], gap: false, overrideIds: [] },
      {
        from: at(33),
        until: at(40),
        people: [{ userId: 'u-bob', name: 'Bob' }],
        gap: false,
        overrideIds: ['o1'],
      },
      { from: at(40), until: at(168), people: [], gap: true, overrideIds: [] },
    ],
  },
  {
    id: 'l1',
    label: 'Primary',
    kind: 'layer',
    blocks: [
      { from: at(0), until: at(40), people: [{ userId: 'u-ada', name: 'Ada' }], gap: false, overrideIds: [] },
    ],
  },
];

describe('the schedule calendar', () => {
  it('draws each row as a labelled list of shift buttons that say who, when and what marks them', async () => {
    const onPick = vi.fn();
    renderWithTheme(<WeekGrid rows={rows} start={monday} onPick={onPick} />);
    const final = screen.getByRole('list', { name: 'On call' });
    const shifts = final.querySelectorAll('button');
    expect(shifts).toHaveLength(3);
    expect(shifts[1]).toHaveAccessibleName(/^On call: Bob, .* \(override\)$/);
    expect(shifts[1]).toHaveTextContent('Override: Bob');
    expect(shifts[2]).toHaveAccessibleName(/^On call: Nobody on call, .* \(gap\)$/);
    expect(screen.getByRole('list', { name: 'Primary' }).querySelectorAll('button')).toHaveLength(1);

    // Reached and opened with the keyboard alone.
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(shifts[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({ row: rows[0], block: rows[0]?.blocks[0] });
  });

  it('lists the final row by local day on a phone; a shift across midnight shows under both days and opens whole', async () => {
    const onPick = vi.fn();
    renderWithTheme(<ShiftList row={rows[0] as CalendarRow} start={monday} days={2} onPick={onPick} />);
    const days = screen.getAllByRole('region');
    expect(days).toHaveLength(2);
    const tuesday = days[1] as HTMLElement;
    const parts = tuesday.querySelectorAll('button');
    expect([...parts].map((part) => part.textContent)).toEqual([
      expect.stringContaining('Ada'),
      expect.stringContaining('Override: Bob'),
      expect.stringContaining('Nobody'),
    ]);
    await userEvent.setup().click(parts[0] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith({ row: rows[0], block: rows[0]?.blocks[0] });
  });
});
