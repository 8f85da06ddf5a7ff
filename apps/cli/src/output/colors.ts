import pc from 'picocolors';

export type Colors = ReturnType<typeof pc.createColors>;

/**
 * Color only on a terminal, never with NO_COLOR set (https://no-color.org, any non-empty value) or
 * `--no-color`; FORCE_COLOR turns it on for pipes (tmux tests, `less -R`).
 */
export function colorsEnabled(env: NodeJS.ProcessEnv, stream: NodeJS.WriteStream, flag: boolean | undefined) {
  if (flag === false) return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}

export const colorsFor = (enabled: boolean): Colors => pc.createColors(enabled);

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape is what this strips.
const ANSI = /\x1b\[[0-9;]*m/g;
export const visibleLength = (text: string) => text.replace(ANSI, '').length;
