import { renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OnCallNowList } from '../src/now/on-call-now';
import { nextRefreshMs, type OnCallNowAnswer, type OnCallSchedule } from '../src/now/on-call-summary';
import { useHeldValue } from '../src/now/use-held-value';
import { renderWithTheme } from './render';

const now = new Date('2026-03-02T03:10:00Z');
const person = (userId: string, name: string) => ({
  userId,
  name,
  layerId: 'l-1',
  rotationId: 'r-1',
  overrideId: null,
});

function schedule(name: string, onCall: OnCallSchedule['onCall'], until: string | null): OnCallSchedule {
  return { id: `s-${name}`, name, teamId: 't-1', timeZone: 'UTC', onCall, until };
}

const answer = (schedules: OnCallSchedule[]): OnCallNowAnswer => ({ at: now.toISOString(), schedules });

describe('On call now', () => {
  it('lists who is on call until when, the user’s own schedules first, and a gap stands out', () => {
    renderWithTheme(
      <OnCallNowList
        answer={answer([
          schedule('Database', [person('u-bob', 'Bob'), person('u-carol', 'Carol')], '2026-03-02T09:00:00Z'),
          schedule('Frontend', [], null),
          schedule('Primary', [person('u-me', 'Me')], '2026-03-03T09:00:00Z'),
        ])}
        userId="u-me"
        now={now}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Who is on call' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Primary: You.*until .*\(tomorrow\)/),
      expect.stringMatching(/^Database: Bob and Carol.*until .*\(in 5 hours\)/),
      'Frontend: Nobodyno hand-off this week',
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getByText(/:00/)
        .getAttribute('datetime'),
    ).toBe('2026-03-02T09:00:00Z');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows three schedules of many and the rest on request, by keyboard', async () => {
    const user = userEvent.setup();
    const many = ['A', 'B', 'C', 'D', 'E'].map((name) =>
      schedule(name, [person(`u-${name}`, name)], '2026-03-02T09:00:00Z'),
    );
    renderWithTheme(<OnCallNowList answer={answer(many)} userId="u-me" now={now} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    const more = screen.getByRole('button', { name: 'Show all 5 schedules' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says how to create a schedule when there is none, and shows loading and failure', () => {
    const loading = renderWithTheme(<OnCallNowList answer={undefined} userId="u-me" now={now} />);
    expect(screen.getByRole('status', { name: 'Loading who is on call' })).toBeInTheDocument();
    loading.unmount();
    const failed = renderWithTheme(<OnCallNowList answer={undefined} userId="u-me" now={now} failed />);
    expect(screen.getByText(/Could not load who is on call/)).toBeInTheDocument();
    failed.unmount();
    renderWithTheme(<OnCallNowList answer={answer([])} userId="u-me" now={now} />);
    expect(screen.getByRole('link', { name: /Create a schedule/ })).toHaveAttribute('href', '/schedules');
  });

  it('asks again just after the earliest hand-off, and not at all without one', () => {
    const at = Date.parse('2026-03-02T08:00:00Z');
    const data = answer([
      schedule('Late', [], '2026-03-02T10:00:00Z'),
      schedule('Soon', [], '2026-03-02T09:00:00Z'),
      schedule('Never', [], null),
    ]);
    expect(nextRefreshMs(data, at)).toBe(3_600_000 + 1_000);
    expect(nextRefreshMs(answer([schedule('Never', [], null)]), at)).toBeNull();
    expect(nextRefreshMs(undefined, at)).toBeNull();
    // A hand-off already past (a late answer) asks again soon, never in a tight loop.
    expect(nextRefreshMs(data, at + 4 * 3_600_000)).toBe(1_000);
  });

  it('keeps the shown answer while the user is at the list, then takes the latest', () => {
    const { result, rerender } = renderHook(({ value, held }) => useHeldValue(value, held), {
      initialProps: { value: 'first', held: false },
    });
    expect(result.current).toBe('first');
    rerender({ value: 'second', held: true });
    expect(result.current).toBe('first');
    rerender({ value: 'third', held: true });
    expect(result.current).toBe('first');
    rerender({ value: 'third', held: false });
    expect(result.current).toBe('third');
  });
});
