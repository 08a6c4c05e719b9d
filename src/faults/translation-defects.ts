// Translation defects: what relays that translate one format into another get wrong, as functions over a stream.
// Each reads the stream's answer, changes it the way a faulty relay does, and writes the stream again in the same
// format (the format's `responseOf` and `synthesize`): a valid stream that says something other than the original.
// Unlike faults (fault.ts), which break how a stream is sent, a defect keeps the stream whole and changes what it
// says, so only a comparison with the original (compareStreams, toRelay) can see it.
import { answerOf, formatModule, reconstruct, type Answer, type AnswerChoice, type DifferenceCode, type FormatName, type SynthesizeOptions } from '../core/index.js';
import { faultedText, faultsOnSource, sourceRead, type SourceRead } from './fault.js';
import { appendError, dropEnd } from './frame-faults.js';
import { scriptOf } from './script-of.js';

/** A way a translating relay changes the answer it carries. Call `apply()` on a stream of any format. */
export interface TranslationDefect {
  /** How it was made: `dropFirstCharacters(3)`. */
  readonly name: string;
  /** What it does to the answer, in a few words. */
  readonly description: string;
  /** What of an answer it changes, for saying where it cannot apply: `a refusal finish`, `cache counts`. */
  readonly changes: string;
  /** Whether it changes `answer` (the stream's answer): false when the answer has nothing it touches. */
  appliesTo(answer: Answer): boolean;
  /** The difference codes `compareStreams(original, changed)` reports for it, given the original's answer. */
  differences(answer: Answer): DifferenceCode[];
  /** The answer it makes of `answer` (a new object; `answer` is left as it was). */
  edit(answer: Answer): Answer;
  /**
   * The stream with the defect: `stream` read, its answer edited and written again in the stream's own format, cut
   * into pieces as `options` say. Throws a TypeError when the stream's format cannot be told.
   */
  apply(stream: string, options?: SynthesizeOptions): string;
}

type ChoiceEdit = (choice: AnswerChoice) => AnswerChoice;

/** Reads `stream`, edits its answer and writes it again in its format; the reply's identifiers are kept. */
export function rewriteAnswer(stream: string, edit: (answer: Answer) => Answer, options: SynthesizeOptions = {}): string {
  if (typeof stream !== 'string') throw new TypeError('sse-reconstruct: a translation defect applies to a stream as text; pass the stream as a string.');
  const read = reconstruct(stream);
  if (read.format === null) throw new TypeError('sse-reconstruct: a translation defect needs a stream whose format can be told; this one names none.');
  return streamOfAnswer(read.format, edit(answerOf(read)), options, read.response);
}

/**
 * The stream `format` sends for `answer`: its documented stream of the response its module writes for the answer (`formatModule(format).responseOf`). An answer that is not
 * whole is sent as a failure: what it holds, without the format's end, then the format's error frame with the
 * answer's error message.
 */
export function streamOfAnswer(format: FormatName, answer: Answer, options: SynthesizeOptions = {}, base?: unknown): string {
  const module = formatModule(format);
  if (answer.whole) return module.synthesize(module.responseOf(answer, base), options);
  const unfinished = { ...answer, choices: answer.choices.map((choice) => ({ ...choice, finish: { class: 'unknown' as const, reason: null, source: null } })) };
  const stream = module.synthesize(module.responseOf(unfinished, base), options);
  const error = appendError(answer.error?.message ? { message: answer.error.message } : {});
  // Only the faulted text is wanted: the stream is read once, and what the faults make of it is not read.
  const read = sourceRead(scriptOf(stream));
  return faultedText(read, [...(hasEnd(read) ? [dropEnd()] : []), error]);
}

/** Whether the stream has an end for dropEnd() to take (a Gemini stream with no finish reason has none). */
function hasEnd(read: SourceRead): boolean {
  try {
    faultsOnSource(read, [dropEnd()]);
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

function defect(name: string, description: string, parts: Pick<TranslationDefect, 'changes' | 'appliesTo' | 'differences' | 'edit'>): TranslationDefect {
  const made: TranslationDefect = { name, description, ...parts, apply: (stream, options) => rewriteAnswer(stream, parts.edit, options) };
  // Shown by name in test output and in fast-check's counterexamples.
  const show = () => name;
  Object.defineProperty(made, 'toString', { value: show });
  Object.defineProperty(made, Symbol.for('fast-check/toStringMethod'), { value: show });
  return Object.freeze(made);
}

/** The answer with its first choice edited (a relay's defect shows on the first choice; the others are kept). */
function firstChoice(answer: Answer, edit: ChoiceEdit): Answer {
  return { ...answer, choices: answer.choices.map((choice, n) => (n === 0 ? edit(choice) : choice)) };
}

function first(answer: Answer): AnswerChoice | undefined {
  return answer.choices[0];
}

function checkCount(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new TypeError(`sse-reconstruct: ${what} takes a whole number of at least 1; received ${String(value)}.`);
  return value;
}

/** The first `count` characters of the answer's text are lost (a relay that drops the first delta). */
export function dropFirstCharacters(count = 3): TranslationDefect {
  checkCount(count, 'dropFirstCharacters(count)');
  return defect(`dropFirstCharacters(${count})`, `drops the first ${count} characters of the text`, {
    changes: 'text longer than the characters dropped',
    appliesTo: (answer) => (first(answer)?.text.length ?? 0) > count,
    differences: () => ['text dropped at start'],
    edit: (answer) => firstChoice(answer, (choice) => ({ ...choice, text: choice.text.slice(count) })),
  });
}

/** The whole text is sent twice (a relay that sends the deltas and then the final text again). */
export function repeatAnswer(): TranslationDefect {
  return defect('repeatAnswer()', 'sends the text twice', {
    changes: 'text',
    appliesTo: (answer) => (first(answer)?.text.length ?? 0) > 0,
    differences: () => ['text duplicated'],
    edit: (answer) => firstChoice(answer, (choice) => ({ ...choice, text: choice.text + choice.text })),
  });
}

const REPEATED_CHARACTER = /(.)\1+/su;

/** Every run of a repeated character loses one (`6666` → `666`): a relay that drops a delta equal to the one before. */
export function collapseRepeats(): TranslationDefect {
  return defect('collapseRepeats()', 'shortens every run of a repeated character by one', {
    changes: 'a repeated character in the text',
    appliesTo: (answer) => REPEATED_CHARACTER.test(first(answer)?.text ?? ''),
    differences: () => ['repeats collapsed'],
    edit: (answer) => firstChoice(answer, (choice) => ({ ...choice, text: choice.text.replace(/(.)\1+/gsu, (run) => run.slice(1)) })),
  });
}

function checkCall(at: number): number {
  if (!Number.isInteger(at) || at < 0) throw new TypeError(`sse-reconstruct: a tool call's position is a whole number from 0; received ${String(at)}.`);
  return at;
}

/** Which call `at` names: from the end when negative (-1 is the last). */
function callIndex(choice: AnswerChoice | undefined, at: number): number {
  const length = choice?.toolCalls.length ?? 0;
  return at < 0 ? length + at : at;
}

function hasCall(answer: Answer, at: number): boolean {
  const index = callIndex(first(answer), at);
  return index >= 0 && index < (first(answer)?.toolCalls.length ?? 0);
}

function editCall(answer: Answer, at: number, edit: (call: AnswerChoice['toolCalls'][number]) => AnswerChoice['toolCalls'][number] | null): Answer {
  return firstChoice(answer, (choice) => {
    const index = callIndex(choice, at);
    const toolCalls = choice.toolCalls.flatMap((call, n) => {
      if (n !== index) return [call];
      const edited = edit(call);
      return edited ? [edited] : [];
    });
    return { ...choice, toolCalls };
  });
}

/**
 * The tool call at `at` (from the end when negative: -1, the default, is the last) is lost. Dropping a turn's only
 * call also changes its finish where a format tells a tool-use finish by its calls, so test with two.
 */
export function dropToolCall(at = -1): TranslationDefect {
  if (at >= 0) checkCall(at);
  return defect(`dropToolCall(${at})`, at < 0 ? 'loses the last tool call' : `loses tool call ${at}`, {
    changes: 'tool calls',
    appliesTo: (answer) => hasCall(answer, at),
    differences: () => ['tool call lost'],
    edit: (answer) => editCall(answer, at, () => null),
  });
}

/** The tool call at `at` (0 by default) goes out under another name. */
export function renameToolCall(at = 0, name?: string): TranslationDefect {
  checkCall(at);
  return defect(`renameToolCall(${at})`, `renames tool call ${at}`, {
    changes: 'tool calls',
    appliesTo: (answer) => hasCall(answer, at),
    differences: () => ['tool call renamed'],
    edit: (answer) => editCall(answer, at, (call) => ({ ...call, name: name ?? `${call.name}_renamed` })),
  });
}

function hasArguments(call: AnswerChoice['toolCalls'][number] | undefined): boolean {
  return call !== undefined && typeof call.input === 'object' && call.input !== null && Object.keys(call.input).length > 0;
}

/** The arguments of the tool call at `at` (0 by default) are lost: it goes out with `{}`. */
export function loseToolArguments(at = 0): TranslationDefect {
  checkCall(at);
  return defect(`loseToolArguments(${at})`, `sends tool call ${at} with empty arguments`, {
    changes: 'tool calls with arguments',
    appliesTo: (answer) => hasArguments(first(answer)?.toolCalls[at]),
    differences: () => ['tool arguments changed'],
    edit: (answer) => editCall(answer, at, (call) => ({ ...call, arguments: '{}', input: {} })),
  });
}

/** The reasoning is dropped with its signatures (thinking a relay does not translate). */
export function dropReasoning(): TranslationDefect {
  return defect('dropReasoning()', 'drops the reasoning and its signatures', {
    changes: 'reasoning',
    appliesTo: (answer) => (first(answer)?.reasoning ?? '') !== '',
    differences: (answer): DifferenceCode[] => ((first(answer)?.signatures.length ?? 0) > 0 ? ['reasoning dropped', 'signature dropped'] : ['reasoning dropped']),
    edit: (answer) => firstChoice(answer, (choice) => ({ ...choice, reasoning: '', signatures: [] })),
  });
}

/** The reasoning goes out without its signatures (the next turn that sends it back is refused). */
export function dropSignature(): TranslationDefect {
  return defect('dropSignature()', 'keeps the reasoning, drops its signatures', {
    changes: 'reasoning signatures',
    appliesTo: (answer) => (first(answer)?.signatures.length ?? 0) > 0,
    differences: () => ['signature dropped'],
    edit: (answer) => firstChoice(answer, (choice) => ({ ...choice, signatures: [] })),
  });
}

/** A refusal finish goes out as a plain stop. */
export function refusalToStop(): TranslationDefect {
  return defect('refusalToStop()', 'maps a refusal finish to stop', {
    changes: 'a refusal finish',
    appliesTo: (answer) => first(answer)?.finish.class === 'refusal',
    differences: () => ['finish changed'],
    edit: (answer) => firstChoice(answer, (choice) => ({ ...choice, finish: { class: 'stop', reason: null, source: null } })),
  });
}

/**
 * The cache counts go out as 0 (a relay that does not map its upstream's cache fields). compareStreams reads that as
 * counts that cannot both be right (`usage inconsistent`); with `usage: 'exact'`, as `usage changed`.
 */
export function zeroCacheTokens(): TranslationDefect {
  const cached = (answer: Answer) => (answer.usage?.cacheRead ?? 0) > 0 || (answer.usage?.cacheWrite ?? 0) > 0;
  return defect('zeroCacheTokens()', 'reports the cache reads and writes as 0', {
    changes: 'cache counts',
    appliesTo: cached,
    differences: () => ['usage inconsistent'],
    edit: (answer) => {
      const usage = answer.usage;
      if (!usage) return answer;
      return { ...answer, usage: { ...usage, cacheRead: usage.cacheRead === null ? null : 0, cacheWrite: usage.cacheWrite === null ? null : 0 } };
    },
  });
}

/** The usage is not sent (a relay that drops the usage chunk although the request asked for it). */
export function dropUsage(): TranslationDefect {
  return defect('dropUsage()', 'leaves the usage out', {
    changes: 'usage',
    appliesTo: (answer) => answer.usage !== null,
    differences: () => ['usage missing'],
    edit: (answer) => ({ ...answer, usage: null }),
  });
}

/**
 * A stream that failed (an error, a cut) goes out as a clean finish: what arrived, then the end the format sends
 * for a finished answer. The worst defect: the client takes a partial answer for a whole one.
 */
export function hideUpstreamError(): TranslationDefect {
  return defect('hideUpstreamError()', 'ends a failed stream as if it had finished', {
    changes: 'a failed answer',
    appliesTo: (answer) => !answer.whole,
    differences: () => ['failure hidden'],
    edit: (answer) => ({
      ...answer,
      error: null,
      whole: true,
      verdict: 'complete',
      outcome: 'ok',
      choices: answer.choices.map((choice) => ({ ...choice, finish: { class: 'stop', reason: null, source: null } })),
    }),
  });
}

/** One of each defect, with its default settings: the list the relay matrix runs. */
export const TRANSLATION_DEFECTS: readonly TranslationDefect[] = Object.freeze([
  dropFirstCharacters(),
  repeatAnswer(),
  collapseRepeats(),
  dropToolCall(),
  renameToolCall(),
  loseToolArguments(),
  dropReasoning(),
  dropSignature(),
  refusalToStop(),
  zeroCacheTokens(),
  dropUsage(),
  hideUpstreamError(),
]);
