import type { Colors } from './colors';

/** One look per alert state, in tables and timeline bars alike. */
export function paintState(colors: Colors, state: string, text = state): string {
  switch (state) {
    case 'critical':
    case 'firing':
      return colors.red(colors.bold(text));
    case 'triggered':
      return colors.magenta(text);
    case 'warning':
      return colors.yellow(text);
    case 'resolved':
      return colors.green(text);
    default:
      return colors.dim(text);
  }
}
