// Colour for the understudy command: on when the stream is a terminal, off with NO_COLOR
// (no-color.org), --no-color or TERM=dumb; FORCE_COLOR or --color turns it on anyway.
// The flags win over the environment; NO_COLOR wins over FORCE_COLOR.

export interface Colors {
  readonly enabled: boolean;
  green(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const sgr = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export const PLAIN: Colors = { enabled: false, green: String, red: String, yellow: String, dim: String, bold: String };

export const ANSI: Colors = { enabled: true, green: sgr(32, 39), red: sgr(31, 39), yellow: sgr(33, 39), dim: sgr(2, 22), bold: sgr(1, 22) };

export interface ColorChoice {
  /** --color / --no-color, when given. */
  flag?: boolean | undefined;
  env?: Record<string, string | undefined>;
  isTTY?: boolean | undefined;
}

export function wantsColor({ flag, env = {}, isTTY = false }: ColorChoice): boolean {
  if (flag !== undefined) return flag;
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  return isTTY && env['TERM'] !== 'dumb';
}

export function colors(enabled: boolean): Colors {
  return enabled ? ANSI : PLAIN;
}
