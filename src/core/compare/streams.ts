// Two streams compared: each side read (any input, live or not, or a reconstruction already made), turned into the
// format-neutral answer, and compared with each difference placed on both sides' frames.
import { answerOf, placesOf } from '../answer/index.js';
import type { AnswerSource } from '../answer/index.js';
import type { StreamInput } from '../input/stream.js';
import type { FormatName, Reconstruction } from '../model.js';
import { isPlainObject } from '../options.js';
import { frameLinesOf } from '../pipeline/frame-lines.js';
import { reconstructStream } from '../pipeline/stream.js';
import { isReconstruction } from '../reconstruct.js';
import { compareAnswers } from './answers.js';
import { checkCompareOptions } from './options.js';
import type { SidePlaces } from './places.js';
import type { CompareOptions, Comparison } from './types.js';

/** What a side of a comparison can be: anything `reconstructStream` reads, or a Reconstruction (or its JSON). */
export type CompareInput = StreamInput | Reconstruction | AnswerSource;

/**
 * Reads an upstream and a downstream stream (any input each, live or not, any two formats; both read at once) and
 * says whether the downstream carried the upstream's answer: each difference with its path, both values, and where
 * it is in each stream (frame, line:column). Identifiers formats make up (tool-call ids) are compared only with `ids`.
 */
export async function compareStreams(upstream: CompareInput, downstream: CompareInput, options: CompareOptions = {}): Promise<Comparison> {
  checkCompareOptions(options, 'compareStreams');
  const [up, down] = await Promise.all([readSide(upstream, 'upstream', options.format?.upstream), readSide(downstream, 'downstream', options.format?.downstream)]);
  return compareReconstructions(up, down, withoutFormat(options));
}

/**
 * Compares two reconstructions (from `reconstruct` or `reconstructStream`, or their JSON) at once, as compareStreams
 * does: for the matchers, which hold both sides already.
 */
export function compareReconstructions(upstream: Reconstruction | AnswerSource, downstream: Reconstruction | AnswerSource, options: CompareOptions = {}): Comparison {
  checkCompareOptions(options, 'compareReconstructions');
  checkSide(upstream, 'upstream');
  checkSide(downstream, 'downstream');
  return compareAnswers(answerOf(upstream), answerOf(downstream), withoutFormat(options), {
    upstream: sidePlaces(upstream),
    downstream: sidePlaces(downstream),
  });
}

function withoutFormat(options: CompareOptions): CompareOptions {
  if (options.format === undefined) return options;
  const rest = { ...options };
  delete rest.format;
  return rest;
}

/** A reconstruction, or the same fields after JSON: what answerOf reads. */
function isAnswerSource(value: unknown): value is AnswerSource {
  return isReconstruction(value) || (isPlainObject(value) && Array.isArray(value.choices) && typeof value.verdict === 'string' && typeof value.outcome === 'string');
}

function checkSide(value: unknown, side: string): void {
  if (!isAnswerSource(value)) {
    throw new TypeError(`sse-reconstruct: compareReconstructions() takes two reconstructions (from reconstruct() or reconstructStream(), or their JSON); the ${side} is not one.`);
  }
}

/** One side read; a wrong input throws with the side named (reconstructStream's message says what to pass). */
async function readSide(input: CompareInput, side: 'upstream' | 'downstream', format: FormatName | undefined): Promise<Reconstruction | AnswerSource> {
  if (isAnswerSource(input)) return input;
  try {
    return await reconstructStream(input as StreamInput, format === undefined ? {} : { format });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new TypeError(`sse-reconstruct: compareStreams() could not read the ${side}: ${error.message.replace(/^sse-reconstruct: /, '')}`);
  }
}

/** Where the side's answer came from, when it was read here (a reconstruction from JSON has no places). */
function sidePlaces(side: Reconstruction | AnswerSource): SidePlaces | null {
  const places = placesOf(side);
  if (places === null || !isReconstruction(side)) return null;
  // The lines from the frame table: a large stream's frame objects are not built to place two frames.
  const lines = frameLinesOf(side);
  return { places, frameLines: lines ?? ((frames) => linesFromFrames(side, frames)) };
}

function linesFromFrames(side: Reconstruction, frames: ReadonlySet<number>): Map<number, number> {
  const lines = new Map<number, number>();
  for (const frame of frames) {
    const line = side.frames[frame]?.line;
    if (line !== undefined) lines.set(frame, line);
  }
  return lines;
}
