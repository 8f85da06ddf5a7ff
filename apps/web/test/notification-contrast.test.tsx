import { Notification } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from './render';

// Mantine dims a titled notification's message to gray 6 or dark 2, under WCAG AA's 4.5:1; the
// theme gives it the app's dimmed color (gray 7, dark 1), as every other secondary text.
describe('a notification', () => {
  it("keeps a titled message's contrast: the app's dimmed color", () => {
    renderWithTheme(<Notification title="Delete failed">The schedule is in use.</Notification>);
    expect(screen.getByText('The schedule is in use.').style.color).toBe('var(--mantine-color-dimmed)');
  });

  it("leaves an untitled message in Mantine's full text color", () => {
    renderWithTheme(<Notification>Saved.</Notification>);
    expect(screen.getByText('Saved.').style.color).toBe('');
  });
});
