// What a request asked of its stream, in words no format owns: each format's folder (request.ts) reads its own
// request body into these expectations; one checker (check.ts) holds the answer against them.

/**
 * The request that produced a stream, as a caller holds it: the request body (a JSON object, or its JSON text), a
 * fetch `RequestInit` (its `body` a JSON string; add `url` to let the URL be checked too), or an entry of the fault
 * server's journal (`server.requests[i]`).
 */
export type RequestInput = string | Readonly<Record<string, unknown>>;

/** A request read from any of its shapes: its JSON body, and its URL when the shape carried one. */
export interface RequestView {
  body: Readonly<Record<string, unknown>>;
  /** The URL (path and query, or whole), or null when the shape had none (a bare body, a RequestInit without `url`). */
  url: string | null;
}

/**
 * Validates `value` against the JSON Schema `schema`: `valid`, and the validator's errors in words. The core has no
 * validator of its own (it has no dependencies); the Node faces pass one built on `ajv`.
 */
export type SchemaValidator = (schema: unknown, value: unknown) => { valid: boolean; errors: string[] };

/** Which tool calls the request allowed, with the request field that said so. */
export type ToolChoiceExpectation =
  | { mode: 'required'; asked: string }
  | { mode: 'none'; asked: string }
  /** Calls name only these tools, and at least one call comes. */
  | { mode: 'named'; names: readonly string[]; asked: string };

/**
 * What a request asked of its stream. Every field is null when the request did not ask it; each non-null field says,
 * in `asked`, the request field as the message quotes it (`stream_options.include_usage: true`).
 */
export interface RequestExpectations {
  /** Whether the request asked for a stream at all: `ok` false says what it lacked. */
  streamed: { ok: boolean; asked: string } | null;
  /** A usage frame is required. */
  usage: { asked: string } | null;
  /** This many choices (candidates). */
  choices: { count: number; asked: string } | null;
  toolChoice: ToolChoiceExpectation | null;
  /** At most one tool call per choice. */
  singleCall: { asked: string } | null;
  /** The final text is JSON that validates against `schema`. */
  schema: { schema: unknown; asked: string } | null;
  /** The output-token limit: at the limit the finish is `length`; above it is a finding. */
  maxOutputTokens: { limit: number; asked: string } | null;
  /** Thinking was asked: what arrives of it carries signatures (`when`: thinking present, or tool calls present). */
  thinking: { when: 'reasoning' | 'tool calls'; asked: string } | null;
  /** The model asked for, as the stream should echo it. */
  model: string | null;
}

/** A format's reading of its requests, from its folder (request.ts). */
export interface FormatRequest {
  /** What a request body (and URL) of this format asked of the stream. */
  expectations(request: RequestView): RequestExpectations;
  /** The model the stream names, read from its non-streamed response; null when it names none. */
  modelOf(response: unknown): string | null;
  /**
   * The request a client of this format sends for a streamed answer to `prompt` (the conformance kit sends it to a
   * relay); absent when the format's clients send nothing of a known shape.
   */
  clientRequest?(prompt: string, model: string): ClientRequest;
}

/** A streamed request as a format's clients send it: the JSON body and the headers the format's API asks for. */
export interface ClientRequest {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The codes a request's expectations raise (`signature missing` the assembler raises too). */
export const REQUEST_FINDING_CODES = [
  'request not streaming',
  'usage not sent',
  'choice count',
  'tool choice unmet',
  'parallel calls',
  'schema unmet',
  'schema unchecked',
  'token limit',
  'signature missing',
  'model mismatch',
] as const;

/** Expectations of a request that asked nothing checkable: the start every format's reading fills. */
export function noExpectations(): RequestExpectations {
  return { streamed: null, usage: null, choices: null, toolChoice: null, singleCall: null, schema: null, maxOutputTokens: null, thinking: null, model: null };
}
