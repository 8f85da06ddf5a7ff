import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActiveWindowsEditor } from '../src/schedules/active-windows-editor';
import type { ActiveWindowDraft } from '../src/schedules/schedule-draft';
import { renderWithTheme } from './render';

function Editable({
  onChange,
  errors = {},
}: {
  onChange: (windows: ActiveWindowDraft[]) => void;
  errors?: Record<string, string>;
}) {
  const [windows, setWindows] = useState<ActiveWindowDraft[]>([]);
  return (
    <ActiveWindowsEditor
      rotationName="Nights"
      timeZone="Europe/London"
      windows={windows}
      errorAt={(path) => errors[path]}
      onChange={(next) => {
        setWindows(next);
        onChange(next);
      }}
    />
  );
}

describe("a rotation's active windows", () => {
  it('starts at all times, adds a weekday window, keeps weekdays in order and removes it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithTheme(<Editable onChange={onChange} />);
    expect(screen.getByText('At all times.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an active window to Nights' }));
    const window = screen.getByRole('group', { name: 'Nights, window 1' });
    expect(window).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    expect(onChange).toHaveBeenLastCalledWith([{ weekdays: [2, 3, 4, 5, 7], start: '09:00', end: '17:00' }]);
    await user.click(screen.getByRole('button', { name: 'Remove Nights, window 1' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('At all times.')).toBeInTheDocument();
  });

  it("shows the server's message at a window's field", async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Editable
        onChange={() => undefined}
        errors={{ '0.start': 'The start must be a wall-clock time HH:mm.' }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add an active window to Nights' }));
    expect(screen.getByText('The start must be a wall-clock time HH:mm.')).toBeInTheDocument();
  });
});
