// Where each part of an answer came from in its stream: kept beside a Reconstruction (not in its JSON), filled by the
// assemblers as they read, so compareStreams can place every difference on both sides.

/** A run of an answer's text: from `offset` (in the choice's text) on, the characters came from frame `frame`. */
export interface PlaceRun {
  offset: number;
  frame: number;
}

/** Per choice index, where its parts came from (frame indexes into the Reconstruction's `frames`). */
export interface ChoicePlaces {
  /** Runs in offset order: the text from one run's offset to the next came from that run's frame. */
  text: PlaceRun[];
  reasoning: PlaceRun[];
  refusal: PlaceRun[];
  /** For each tool call, in `toolCalls` order: the frame where it started. */
  toolCalls: number[];
  /** The frame that carried the finish reason, or null. */
  finish: number | null;
}

/** Where an answer's parts came from. */
export interface AnswerPlaces {
  choices: Map<number, ChoicePlaces>;
  /** The frame that carried the usage (the last one that did), or null. */
  usage: number | null;
  /** The frame that carried the error, or null. */
  error: number | null;
  /** The last frame of the stream, or null for an empty stream. */
  last: number | null;
}

/** What an assembler calls as it reads; the pipeline hands one in through its AssemblyContext. */
export interface PlaceRecorder {
  /** Frame `frame` appended to choice `choice`'s `part`, from `offset` (in the answer's joined text) on. */
  appended(part: 'text' | 'reasoning' | 'refusal', choice: number, offset: number, frame: number): void;
  /** A tool call of choice `choice` started at frame `frame` (calls in the order they appear in `toolCalls`). */
  toolCall(choice: number, frame: number): void;
  finish(choice: number, frame: number): void;
  usage(frame: number): void;
  error(frame: number): void;
}

/** A recorder that keeps nothing: for an assembler made outside the pipeline (a test, a kept shape). */
export const NO_PLACES: PlaceRecorder = {
  appended() {},
  toolCall() {},
  finish() {},
  usage() {},
  error() {},
};
