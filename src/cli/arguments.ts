/** A small reader of `--name value` / `--name=value` arguments for the subcommands; never throws. */
export class ArgumentReader {
  readonly positional: string[] = [];
  private readonly values = new Map<string, string[]>();
  readonly problems: string[] = [];

  constructor(args: readonly string[], valueOptions: readonly string[], flagOptions: readonly string[]) {
    for (let i = 0; i < args.length; i += 1) {
      const arg = args[i] ?? '';
      if (!arg.startsWith('--') || arg === '--') {
        if (arg !== '--') this.positional.push(arg);
        else this.positional.push(...args.slice(i + 1));
        if (arg === '--') break;
        continue;
      }
      const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (flagOptions.includes(name)) {
        this.add(name, 'true');
      } else if (valueOptions.includes(name)) {
        const value = inline ?? args[++i];
        if (value === undefined) this.problems.push(`--${name} needs a value`);
        else this.add(name, value);
      } else {
        this.problems.push(`unknown option --${name}`);
      }
    }
  }

  private add(name: string, value: string): void {
    this.values.set(name, [...(this.values.get(name) ?? []), value]);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  text(name: string): string | undefined {
    return this.values.get(name)?.at(-1);
  }

  all(name: string): string[] {
    return this.values.get(name) ?? [];
  }

  /** A number ≥ 0 (or Infinity where allowed); records a problem and gives undefined otherwise. */
  number(name: string, { whole = false, infinite = false } = {}): number | undefined {
    const text = this.text(name);
    if (text === undefined) return undefined;
    const value = infinite && /^infinity$/i.test(text) ? Infinity : Number(text);
    if (text.trim() === '' || Number.isNaN(value) || value < 0 || (whole && !Number.isInteger(value) && value !== Infinity) || (!infinite && !Number.isFinite(value))) {
      this.problems.push(`--${name} needs ${whole ? 'a whole number' : 'a number'} ≥ 0${infinite ? ' (or Infinity)' : ''}; it is ${JSON.stringify(text)}`);
      return undefined;
    }
    return value;
  }
}
