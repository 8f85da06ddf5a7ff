import { type CSSVariablesResolver, createTheme, Modal, Notification, Pill } from '@mantine/core';

/**
 * Mantine's defaults, with a primary color that keeps 4.5:1 contrast for white text in light mode
 * and a focus ring always shown for keyboard users.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 4 },
  focusRing: 'auto',
  defaultRadius: 'md',
  // Text on filled badges and buttons turns dark on light colors (yellow), white on dark ones.
  autoContrast: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Close and remove buttons are icons: they need a name for screen readers.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Under a title Mantine dims the message to gray 6 or dark 2 (3.3:1 and 3.7:1, below WCAG AA):
    // the dimmed color below keeps it secondary above 4.5:1.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: (_theme, props) =>
        props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {},
    }),
    Pill: Pill.extend({ defaultProps: { removeButtonProps: { 'aria-label': 'Remove' } } }),
  },
});

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1; dark 2 on a dark card, under 4:1) is below WCAG AA's
 * 4.5:1 for body text; gray 7 and dark 1 keep secondary text visibly secondary at 7:1 and more.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // The light variant (the active navigation link, light alerts and buttons): indigo 8 on indigo 2,
  // its hovered tint, is 3.5:1; indigo 9 on indigo 1 at most keeps it above 4.5:1.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Red 6, the error text at a field, is 3.3:1 on white; red 9 is above 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-light': 'var(--mantine-color-indigo-0)',
    '--mantine-primary-color-light-hover': 'var(--mantine-color-indigo-1)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-indigo-9)',
  },

  // Dark: red 8 at a field is 3:1 on the dark surfaces, red 4 is above 4.5:1; white on a filled
  // indigo 4 button is 3:1, on indigo 7 about 5:1.
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-primary-color-filled': 'var(--mantine-color-indigo-7)',
    '--mantine-primary-color-filled-hover': 'var(--mantine-color-indigo-8)',
  },
});
