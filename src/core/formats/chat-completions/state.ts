// What the Chat Completions assembly keeps per choice and per tool call, and what its readers share.
import type { PlaceRecorder } from '../../answer/places.js';
import type { FindingCode } from '../../findings.js';
import type { FrameRecord, ToolCall } from '../../model.js';
import type { Json } from '../json-shape.js';
import { PieceText } from '../piece-text.js';

/**
 * Provider delta fields this library knows. Read: `reasoning_content` (xAI, DeepSeek, Alibaba Qwen, Z.ai,
 * llama.cpp), `reasoning` and `reasoning_details` (OpenRouter; Groq sends `reasoning`), `annotations` (OpenRouter's
 * web search citations). Known and left alone: Groq's `channel` (the gpt-oss channel the reasoning belongs to) and
 * Together's `token_id`.
 */
export const PROVIDER_DELTA_FIELDS = new Set(['reasoning_content', 'reasoning', 'reasoning_details', 'annotations', 'channel', 'token_id']);

/** Top-level chunk fields the assembly reads itself; every other one is passed through, the last value kept. */
export const TOP_LEVEL_READ = new Set(['id', 'object', 'created', 'model', 'choices', 'usage', 'system_fingerprint', 'service_tier', 'obfuscation', 'error']);

export const CHOICE_LEVEL_READ = new Set(['index', 'delta', 'finish_reason', 'logprobs']);

/** Where a frame was, for findings raised after it (a frame record, or a copy of its place). */
export type FramePlace = Pick<FrameRecord, 'index' | 'line'>;

export interface CallState {
  index: number;
  id: string;
  type: string | null;
  name: string;
  arguments: PieceText;
  /** A custom tool call (`custom: {name, input}`): free text, not JSON. */
  custom: boolean;
  firstFrame: FramePlace;
  lastFrame: FramePlace;
}

/** A Mistral content part, merged with the parts of the same type next to it. */
export interface ContentPart {
  type: 'text' | 'thinking';
  text: string;
}

export interface ChoiceState {
  index: number;
  role: string | null;
  text: PieceText;
  refusal: string;
  /** Every reasoning field in arrival order, for `Choice.reasoning`. */
  reasoning: string;
  /** Each provider reasoning field as its own string, for the response message. */
  reasoningFields: Map<'reasoning_content' | 'reasoning', string>;
  reasoningDetails: Map<string, Json>;
  /** The text of `reasoning.text` details: the reasoning when no reasoning string came (OpenRouter sends either). */
  detailText: string;
  /** `delta.annotations` items (url_citation), in arrival order. */
  annotations: unknown[] | null;
  /** Set once a Mistral content array arrives: the response then keeps content as parts. */
  contentParts: ContentPart[] | null;
  calls: Map<number, CallState>;
  /** Calls a fragment with a new id replaced at their index (`tool call id changed`): kept apart, not merged. */
  replacedCalls: CallState[];
  /** The deprecated `function_call`, and the frame it started in. */
  functionCall: { name: string; arguments: string; frame: number } | null;
  audio: Json | null;
  logprobs: Json | null;
  finishReason: string | null;
  /** Where the finish reason came. */
  finishFrame: FramePlace | null;
  extras: Json;
  lastFrame: FramePlace;
}

/** What one frame carried, gathered while it is read (one record, reused for every frame). */
export interface FrameNotes {
  frame: FrameRecord;
  carried: string[];
  progress: boolean;
  /** Roles the frame set, named only when it carried nothing else. */
  roles: string[];
  /** Where the answer's parts came from: the pipeline's recorder. */
  places: PlaceRecorder;
}

/** A tool call that had its id and name, as the answer lists it. */
export interface FinishedCall {
  state: CallState;
  toolCall: ToolCall;
}

/** What the delta and tool-call readers ask of the assembly they read for: its findings. */
export interface ChatFindings {
  /** Raises `not assembled` once per `key` (the frames table marks every frame), and notes the frame. */
  notAssembled(notes: FrameNotes, key: string, message: string, carried: string): void;
  add(code: FindingCode, message: string, frame: FramePlace): void;
  /** Numbers the `reasoning_details` entries that come without an index, across the stream. */
  nextDetailEntry(): number;
}

export function newChoiceState(index: number, frame: FramePlace): ChoiceState {
  return {
    index,
    role: null,
    text: new PieceText(),
    refusal: '',
    reasoning: '',
    reasoningFields: new Map(),
    reasoningDetails: new Map(),
    detailText: '',
    annotations: null,
    contentParts: null,
    calls: new Map(),
    replacedCalls: [],
    functionCall: null,
    audio: null,
    logprobs: null,
    finishReason: null,
    finishFrame: null,
    extras: {},
    lastFrame: frame,
  };
}

export function newCallState(index: number, frame: FramePlace): CallState {
  return { index, id: '', type: null, name: '', arguments: new PieceText(), custom: false, firstFrame: frame, lastFrame: frame };
}
