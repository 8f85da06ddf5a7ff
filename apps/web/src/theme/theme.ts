import { createTheme } from '@mantine/core';

/**
 * Mantine's defaults, with a primary color that keeps 4.5:1 contrast for white text in light mode
 * and a focus ring always shown for keyboard users.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 4 },
  focusRing: 'auto',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
