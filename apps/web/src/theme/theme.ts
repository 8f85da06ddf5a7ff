import { type CSSVariablesResolver, createTheme } from '@mantine/core';

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
});

/**
 * Mantine's dimmed text (gray 6 on white, 3.3:1; dark 2 on a dark card, under 4:1) is below WCAG AA's
 * 4.5:1 for body text; gray 7 and dark 1 keep secondary text visibly secondary at 7:1 and more.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
