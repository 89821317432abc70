/**
 * Command-line options for the engine's commands. A value may start with a dash, as a slogan or a
 * price often does (`--tagline "-10 % avant 10h"`): the word after an option that takes a value is
 * its value unless it is one of the command's own options. Anything else wrong is one line with the
 * usage, never a stack trace.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The arguments with each value that starts with a dash attached to its option (`--tagline=-10 %`). */
export function attachDashedValues(args: readonly string[], options: Options): string[] {
  const known = new Set(
    Object.entries(options).flatMap(([name, option]) => [
      `--${name}`,
      ...(option.short ? [`-${option.short}`] : []),
    ]),
  );
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    const next = args[i + 1];
    const takesValue = name !== null && options[name]?.type === 'string';
    if (
      takesValue &&
      next !== undefined &&
      next.startsWith('-') &&
      next !== '--' &&
      !known.has(next.split('=')[0]!)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** Parses the command's arguments, or ends the process with one line and the usage (exit code 2). */
export function parseCommandLine<T extends Options>(options: T, usage: string, args = process.argv.slice(2)) {
  try {
    return parseArgs({ options, args: attachDashedValues(args, options) });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
