// The answer a stream holds, in words no format owns: what a relay must carry from upstream to its clients, whatever
// format each side speaks. Every format fills it in its own folder (answer.ts); compareStreams compares two of them.
import type { Outcome, Verdict } from '../model.js';
import type { FormatName } from '../formats/registry.js';
import type { RetryAdvice } from '../errors/index.js';

/** Why an answer stopped, in one vocabulary across formats. */
export const FINISH_CLASSES = ['stop', 'length', 'tool_use', 'content_filter', 'refusal', 'pause', 'error', 'unknown'] as const;

/**
 * `stop`: the model finished its turn. `length`: a token limit cut it. `tool_use`: it stopped to call tools.
 * `content_filter`: a safety filter stopped it. `refusal`: the model declined. `pause`: a long turn paused, to be
 * continued (Anthropic `pause_turn`). `error`: the provider failed. `unknown`: no reason, or one outside the format's table.
 */
export type FinishClass = (typeof FINISH_CLASSES)[number];

/** The finish of one choice: its class, the reason as the stream spelled it, and the table row that maps it. */
export interface AnswerFinish {
  class: FinishClass;
  /** The reason as the stream carried it (`stop`, `end_turn`, `MAX_TOKENS`); null when it carried none. */
  reason: string | null;
  /** Where the mapping from `reason` to `class` was read (the format's finish-reason table source). */
  source: string | null;
}

/** A tool call, by kind: a function the client runs, a custom (free-text) tool, or a tool the provider ran itself. */
export interface AnswerToolCall {
  /** The call's id, as the stream carries it; null when it has none (Gemini). Not compared unless asked. */
  id: string | null;
  name: string;
  kind: 'function' | 'custom' | 'server';
  /** The arguments exactly as assembled. */
  arguments: string;
  /** The arguments parsed when they are JSON (a custom tool's input is its text); undefined when they do not parse. */
  input?: unknown;
}

/** One citation or annotation, as neutral as the formats allow. */
export interface AnswerCitation {
  /** `url_citation`, `file_citation`, `web_search_result_location`, `grounding`… as the format names it. */
  type: string;
  /** The cited address or document, when it has one. */
  url?: string;
  title?: string;
  /** The span of `text` it covers, when the format says. */
  start?: number;
  end?: number;
}

/** One choice (candidate) of the answer. */
export interface AnswerChoice {
  index: number;
  text: string;
  /** Visible reasoning (thinking, reasoning summaries) joined in order; '' when none. */
  reasoning: string;
  /** Reasoning signatures (Anthropic `signature`, Gemini `thoughtSignature`), in order. */
  signatures: string[];
  /** Encrypted or redacted reasoning (Responses `encrypted_content`, Anthropic `redacted_thinking` data), in order. */
  encryptedReasoning: string[];
  /** The model's refusal text; '' when none. */
  refusal: string;
  toolCalls: AnswerToolCall[];
  citations: AnswerCitation[];
  finish: AnswerFinish;
}

/**
 * Token counts in one vocabulary. `input` counts every prompt token, cache reads and writes included (OpenAI's
 * `prompt_tokens` as is; Anthropic's `input_tokens` plus its cache fields); `output` counts every output token,
 * reasoning included. A count the stream did not carry is null.
 */
export interface AnswerUsage {
  input: number | null;
  output: number | null;
  total: number | null;
  cacheRead: number | null;
  cacheWrite: number | null;
  reasoning: number | null;
}

/** The error an answer ended with, as `explainError` reads it. */
export interface AnswerError {
  message: string | null;
  /** The provider's type or code (`overloaded_error`, `rate_limit_exceeded`, `RESOURCE_EXHAUSTED`), or null. */
  type: string | null;
  /** The HTTP status it goes with, when known. */
  http: number | null;
  retry: RetryAdvice | 'unknown';
}

/** The whole answer of one stream: JSON-serialisable, the same shape for every format. */
export interface Answer {
  format: FormatName | null;
  choices: AnswerChoice[];
  usage: AnswerUsage | null;
  error: AnswerError | null;
  /** True when the verdict is `complete` and the outcome is not `stalled`, `dropped` or `error_event`. */
  whole: boolean;
  verdict: Verdict;
  outcome: Outcome;
}

/** Where a part of the answer came from in its stream: the frame's index in `frames`, and its line and column. */
export interface AnswerPlace {
  frame: number;
  line: number;
  column: number;
}

/** How a format's usage fields become the shared counts: one line per count, the rule, and where it was read. */
export interface UsageMapping {
  /** The rule in a sentence or two: what the format's input count includes, and how it is converted. */
  rule: string;
  /** Where the fields' meanings were read. */
  source: string;
  /** For each shared count, the format's field (or the sum) it is read from; `—` when the format has none. */
  fields: Readonly<Record<keyof AnswerUsage, string>>;
}

/** What an answer reads from a format's non-streamed response: its choices and its usage. */
export interface AnswerReading {
  choices: AnswerChoice[];
  usage: AnswerUsage | null;
}

/**
 * A format's part of the answer model, from its folder (answer.ts): reading its non-streamed response (the one a
 * Reconstruction's `response` holds, or one the API returned) in the shared vocabulary. A missing finish reason is
 * left `unknown` here; `answerOf` makes it `error` when the stream ended in an error.
 */
export interface FormatAnswer {
  read(response: unknown): AnswerReading;
  /** How its usage maps, for docs/answer.md. */
  usage: UsageMapping;
}
