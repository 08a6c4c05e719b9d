// Every options object the library takes is checked against one table of rules: a wrong value or an unknown name is
// a misuse of the API, and throws a TypeError that says what to pass instead of being ignored.
import { shown } from './words.js';
import { suggestion } from './did-you-mean.js';
import { isObject, isPlainObject } from './object-kinds.js';
import { FORMAT_NAMES, type ReconstructOptions } from './model.js';
import { SseReconstructError } from './library-errors.js';

/** How one option is checked: what to pass, in words, and whether a value is that. `undefined` is always allowed. */
export interface OptionRule {
  /** Completes "options.x must be …": `'true or false'`. */
  readonly expects: string;
  readonly accepts: (value: unknown) => boolean;
  /** Names a value may be a near miss of, for "Did you mean …?". */
  readonly known?: readonly string[];
  /** For an object option: the rules of its fields, checked in turn (unknown fields throw too). */
  readonly fields?: OptionRules;
  /** Accepted, and left out of the names a message lists (the library's own). */
  readonly internal?: boolean;
}

export type OptionRules = Readonly<Record<string, OptionRule>>;

export interface CheckOptionsSettings {
  /** The function the options were passed to, named in the message: `'reconstructStream'`. */
  where?: string;
  /** More option names the caller accepts (and checks itself): `['signal', 'startedAt']`. */
  extraKeys?: readonly string[];
  /** More options, each with its rule, checked like the table's own. */
  extraRules?: OptionRules;
  /** What the object is called in the message (default `options`). */
  name?: string;
  /** What each message starts with (default `sse-reconstruct: ` and the function, when `where` names one). */
  lead?: string;
  /** An options object to show when the value is not an object at all. */
  example?: string;
}

/** A number of milliseconds: finite and at least 0, or Infinity for no limit. */
export const MILLISECONDS: OptionRule = {
  expects: 'a number of milliseconds, at least 0 (Infinity for no limit)',
  accepts: (value) => typeof value === 'number' && value >= 0,
};

/** A bound on the characters held without a blank line: a whole number of at least 1, or Infinity. */
export const HELD_CHARS: OptionRule = {
  expects: 'a whole number of characters (at least 1) or Infinity for no bound',
  accepts: (value) => typeof value === 'number' && (value === Infinity || (Number.isInteger(value) && value >= 1)),
};

export const BOOLEAN: OptionRule = { expects: 'true or false', accepts: (value) => typeof value === 'boolean' };

export const FUNCTION: OptionRule = { expects: 'a function', accepts: (value) => typeof value === 'function' };

/** One of a list of names, with "Did you mean …?" for a near miss. */
export function oneOf(names: readonly string[]): OptionRule {
  return { expects: `one of ${names.map((name) => `'${name}'`).join(', ')}`, accepts: (value) => typeof value === 'string' && names.includes(value), known: names };
}

/** A plain object whose fields follow `fields`; `example` shows one in the message. */
export function objectOf(fields: OptionRules, example: string): OptionRule {
  return { expects: `an object such as ${example}`, accepts: isPlainObject, fields };
}

/** A request, in one of its shapes; `readRequest` reads it and says what is wrong with one it cannot. */
export const REQUEST: OptionRule = {
  expects: 'the request body (an object or its JSON text), a fetch RequestInit whose body is a JSON string, or a fault server journal entry (server.requests[0])',
  accepts: (value) => typeof value === 'string' || isObject(value),
};

/** The deadlines for `stalled`: each a number of milliseconds, or Infinity for none. */
export const DEADLINE_RULES: OptionRules = {
  firstByteMs: MILLISECONDS,
  firstContentMs: MILLISECONDS,
  idleMs: MILLISECONDS,
  totalMs: MILLISECONDS,
};

/** The options of `reconstruct()` and `createReconstruction()`, shared by `reconstructStream()`. */
export const RECONSTRUCT_OPTION_RULES: OptionRules = {
  format: oneOf(FORMAT_NAMES),
  deadlines: objectOf(DEADLINE_RULES, '{ firstContentMs: 20000, idleMs: 30000, totalMs: 300000 }'),
  frames: BOOLEAN,
  maxHeldChars: HELD_CHARS,
  request: REQUEST,
  schemaValidator: { expects: 'a function (schema, value) => { valid, errors }', accepts: (value) => typeof value === 'function' },
};

/** The options of `decode()` and `createFrameReader()`. */
export const DECODE_OPTION_RULES: OptionRules = { maxHeldChars: HELD_CHARS };

/** The options of `synthesize()`. */
export const SYNTHESIZE_OPTION_RULES: OptionRules = {
  pieceSize: { expects: 'a whole number of characters, at least 1', accepts: (value) => Number.isInteger(value) && (value as number) >= 1 },
  random: { expects: 'a function that takes a maximum and returns a whole number from 1 to it', accepts: (value) => typeof value === 'function' },
};

/** The options of `createSerializer()`. */
export const SERIALIZER_OPTION_RULES: OptionRules = { frames: BOOLEAN };

/** What `createDecoder()` takes: the callbacks, and the decoder's one option. */
export const DECODER_CALLBACK_RULES: OptionRules = { onFrame: FUNCTION, onText: FUNCTION, maxHeldChars: HELD_CHARS, timestamps: BOOLEAN };

/**
 * Checks the options of `reconstruct()` (and of any function that takes them, with its own keys in `extraKeys` or
 * `extraRules`): throws a TypeError that names the option and says what to pass.
 *
 *     checkOptions(options, { where: 'reconstructStream', extraKeys: ['signal', 'startedAt'] });
 */
export function checkOptions(options: unknown, settings: CheckOptionsSettings = {}): asserts options is ReconstructOptions {
  checkOptionTable(options, RECONSTRUCT_OPTION_RULES, settings);
}

/** Checks the options of `decode()` and `createFrameReader()`. */
export function checkDecodeOptions(options: unknown, settings: CheckOptionsSettings = {}): void {
  checkOptionTable(options, DECODE_OPTION_RULES, settings);
}

/** Checks `createDecoder()`'s callbacks object: `onFrame` is required. */
export function checkDecoderCallbacks(callbacks: unknown): void {
  const settings = { where: 'createDecoder', name: 'callbacks' };
  const lead = leadOf(settings);
  if (!isObject(callbacks)) throw new SseReconstructError('ERR_SSE_OPTION', `${lead}callbacks must be an object such as { onFrame(frame) { … } }; received ${shown(callbacks)}.`);
  // An instance of the caller's class may hold its own state: only an object literal's names are all callbacks.
  checkFields(callbacks as Record<string, unknown>, DECODER_CALLBACK_RULES, 'callbacks', [], lead, isPlainObject(callbacks));
  if ((callbacks as { onFrame?: unknown }).onFrame === undefined) {
    throw new SseReconstructError('ERR_SSE_OPTION', `${lead}callbacks.onFrame must be a function, called with each frame; received undefined.`);
  }
}

/** Checks `options` against any table of rules: the object itself, every known field, and every unknown name. */
export function checkOptionTable(options: unknown, rules: OptionRules, settings: CheckOptionsSettings = {}): void {
  const name = settings.name ?? 'options';
  const table = settings.extraRules ? { ...rules, ...settings.extraRules } : rules;
  if (!isPlainObject(options)) {
    throw new SseReconstructError('ERR_SSE_OPTION', `${leadOf(settings)}${name} must be an object such as ${settings.example ?? exampleOf(table)}; received ${shown(options)}.`);
  }
  checkFields(options, table, name, settings.extraKeys ?? [], leadOf(settings));
}

function checkFields(value: Record<string, unknown>, rules: OptionRules, path: string, extraKeys: readonly string[], lead: string, namesToo = true): void {
  for (const key of namesToo ? Object.keys(value) : []) {
    if (Object.hasOwn(rules, key) || extraKeys.includes(key)) continue;
    const names = [...Object.keys(rules).filter((name) => rules[name]?.internal !== true), ...extraKeys];
    const nested = path.includes('.');
    const listed = nested ? `${path} has ${names.join(', ')}` : `The options are ${names.join(', ')}`;
    throw new SseReconstructError('ERR_SSE_OPTION', `${lead}${path}.${key} is not ${nested ? 'a field' : 'an option'}.${suggestion(key, names)} ${listed}.`);
  }
  for (const [key, rule] of Object.entries(rules)) {
    const field = value[key];
    if (field === undefined) continue;
    if (!rule.accepts(field)) {
      const near = rule.known ? suggestion(field, rule.known) : '';
      throw new SseReconstructError('ERR_SSE_OPTION', `${lead}${path}.${key} must be ${rule.expects}; received ${shown(field)}.${near}`);
    }
    if (rule.fields) checkFields(field as Record<string, unknown>, rule.fields, `${path}.${key}`, [], lead);
  }
}

function leadOf(settings: CheckOptionsSettings): string {
  return settings.lead ?? `sse-reconstruct: ${settings.where ? `${settings.where}() ` : ''}`;
}

function exampleOf(rules: OptionRules): string {
  if (Object.hasOwn(rules, 'format')) return `{ format: '${FORMAT_NAMES[0]}' }`;
  const first = Object.keys(rules)[0];
  return first === undefined ? '{}' : `{ ${first}: … }`;
}


