/**
 * The one table of the errors streams end with: for each provider's error `type`, `code` or `status`, what it means,
 * whether to retry, and what to change. `explainError()` reads it; docs/errors.md is
 * generated from it (`npm run docs`). Every entry names the source it was read from, and the sources say when.
 */

/** Whose error shape an entry reads. */
export type ErrorProvider = 'openai' | 'groq' | 'anthropic' | 'google' | 'salyro';

/** Whether sending the same request again can succeed: later, with growing waits; or never, until it changes. */
export type RetryAdvice = 'with backoff' | 'never';

export interface ErrorSource {
  /** Where the meaning was read. */
  readonly where: string;
  /** When it was read (YYYY-MM-DD). */
  readonly read: string;
}

export interface ErrorMeaning {
  readonly provider: ErrorProvider;
  /** The field of the error object the entry is matched on. */
  readonly field: 'type' | 'code' | 'status' | 'message';
  /** The values that field takes for this entry (for `message`: a pattern its text matches). */
  readonly values: readonly string[];
  /** The HTTP status the provider sends it with when it comes as a response instead of inside a stream. */
  readonly http: number | null;
  /** True for the context-length errors: the request does not fit the model's window. */
  readonly contextLength?: true;
  readonly meaning: string;
  readonly retry: RetryAdvice;
  /** What to change so the request succeeds. */
  readonly change: string;
  /** Key into ERROR_SOURCES. */
  readonly source: keyof typeof ERROR_SOURCES;
}

export const ERROR_SOURCES = {
  openai: {
    where: "OpenAI's \"Error codes\" guide, https://platform.openai.com/docs/guides/error-codes, read through stored copies and summaries of it (community.openai.com, developersdigest.tech)",
    read: '2026-12-01',
  },
  'openai-openapi': {
    where: 'openai/openai-openapi openapi.yaml@f85dbe223d40e1a31cba812ab2d755c7e98a92a3: ResponseErrorCode, ErrorResponse (reference/responses.md §7–8)',
    read: '2026-08-21',
  },
  'openai-bodies': {
    where: 'error bodies the API returned, quoted in public issues (e.g. crewAIInc/crewAI-examples#121: code context_length_exceeded)',
    read: '2026-12-01',
  },
  anthropic: {
    where: 'https://docs.claude.com/en/api/errors ("HTTP errors") and the ErrorType union of anthropics/anthropic-sdk-typescript (reference/anthropic.md §9)',
    read: '2026-12-01',
  },
  'anthropic-bodies': {
    where: 'error bodies the API returned, quoted in public issues (e.g. entropy-research/Devon#88: "prompt is too long: … tokens > … maximum")',
    read: '2026-12-01',
  },
  gemini: {
    where: 'https://ai.google.dev/gemini-api/docs/troubleshooting (its table of backend error codes, a stored copy) and reference/gemini.md §7 (HTTP status ↔ status)',
    read: '2026-12-01',
  },
  vertex: {
    where: 'https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/api-errors ("API errors")',
    read: '2026-12-01',
  },
  'gemini-bodies': {
    where: 'error bodies the API returned, quoted in public issues (e.g. google-gemini/gemini-cli#6678: "The input token count (…) exceeds the maximum number of tokens allowed (…)")',
    read: '2026-12-01',
  },
  'groq-bodies': {
    where: 'error bodies Groq returned, quoted in public issues (e.g. agno-agi/agno#4090, huggingface/smolagents#1119: code tool_use_failed with failed_generation)',
    read: '2026-12-01',
  },
  salyro: {
    where: "Salyro's stream contract (reference/salyro.md, from seeds/sse-reconstructor.txt)",
    read: '2026-11-30',
  },
} as const satisfies Record<string, ErrorSource>;

const BACKOFF = 'with backoff' as const;
const NEVER = 'never' as const;

export const ERROR_MEANINGS: readonly ErrorMeaning[] = [
  // ── OpenAI: Chat Completions and Responses ─────────────────────────────────────────────────────────────
  {
    provider: 'openai',
    field: 'code',
    values: ['context_length_exceeded'],
    http: 400,
    contextLength: true,
    meaning: "The prompt and the requested output do not fit the model's context window.",
    retry: NEVER,
    change: 'Send fewer tokens: trim or summarise earlier messages, lower max_tokens / max_completion_tokens, or pick a model with a larger window.',
    source: 'openai-bodies',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['insufficient_quota', 'credit_balance_exhausted', 'organization_spend_limit_exceeded', 'project_spend_limit_exceeded', 'organization_usage_limit_exceeded'],
    http: 429,
    meaning: 'The account or project has no credit or budget left. It looks like a rate limit (429) but waiting does not end it.',
    retry: NEVER,
    change: 'Add credit or raise the spend limit in the billing settings; do not back off and retry.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['rate_limit_exceeded'],
    http: 429,
    meaning: 'Too many requests or tokens in the current window (per minute or per day) for the account.',
    retry: BACKOFF,
    change: 'Pace requests: honour Retry-After, back off exponentially with jitter, lower concurrency and max_tokens; ask for a higher tier if it persists.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['slow_down'],
    http: 429,
    meaning: 'Traffic rose faster than the service allows, even within the rate limits.',
    retry: BACKOFF,
    change: 'Drop back to the earlier request rate and ramp up gradually; keep the traffic steady.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['server_is_overloaded'],
    http: 503,
    meaning: 'The model has no capacity for the request at the moment.',
    retry: BACKOFF,
    change: 'Retry after Retry-After (or a growing delay); check the status page if it lasts.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['server_error'],
    http: 500,
    meaning: 'OpenAI failed while producing the response; nothing about the request is known to be wrong.',
    retry: BACKOFF,
    change: 'Retry after a short wait; report the request ID if it keeps happening.',
    source: 'openai-openapi',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['invalid_api_key'],
    http: 401,
    meaning: 'The API key is wrong, revoked, or not the one for this organization or project.',
    retry: NEVER,
    change: 'Send a valid key (and the right organization / project headers).',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['model_not_found'],
    http: 404,
    meaning: 'The model does not exist or this key has no access to it.',
    retry: NEVER,
    change: 'Check the model name and that the account has access to it.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['vector_store_timeout'],
    http: null,
    meaning: 'A file search over a vector store took too long, so the response failed.',
    retry: BACKOFF,
    change: 'Retry; if it repeats, search a smaller store or fewer files.',
    source: 'openai-openapi',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['invalid_prompt', 'bio_policy'],
    http: null,
    meaning: 'The prompt was refused: it breaks a usage policy or cannot be processed as written.',
    retry: NEVER,
    change: 'Change the prompt; the same one fails again.',
    source: 'openai-openapi',
  },
  {
    provider: 'openai',
    field: 'code',
    values: ['data_residency_mismatch'],
    http: null,
    meaning: "The request does not match the project's data-residency region.",
    retry: NEVER,
    change: "Call the endpoint of the project's region, or use a project set up for this region.",
    source: 'openai-openapi',
  },
  {
    provider: 'openai',
    field: 'code',
    values: [
      'invalid_image',
      'invalid_image_format',
      'invalid_base64_image',
      'invalid_image_url',
      'image_too_large',
      'image_too_small',
      'image_parse_error',
      'image_content_policy_violation',
      'invalid_image_mode',
      'image_file_too_large',
      'unsupported_image_media_type',
      'empty_image_file',
      'failed_to_download_image',
      'image_file_not_found',
    ],
    http: null,
    meaning: 'An image in the input could not be used: its format, size, URL or content was refused.',
    retry: NEVER,
    change: 'Fix the image the code names (format, size, a reachable URL, valid base64), or leave it out.',
    source: 'openai-openapi',
  },
  {
    provider: 'openai',
    field: 'type',
    values: ['invalid_request_error'],
    http: 400,
    meaning: 'The request is malformed or asks for something the API does not allow; `param` names the field when known.',
    retry: NEVER,
    change: 'Fix the parameter the message names.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'type',
    values: ['authentication_error'],
    http: 401,
    meaning: 'The request was not authenticated.',
    retry: NEVER,
    change: 'Send a valid API key for the organization and project.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'type',
    values: ['rate_limit_error'],
    http: 429,
    meaning: 'The account went over a rate limit.',
    retry: BACKOFF,
    change: 'Honour Retry-After and back off exponentially; lower concurrency.',
    source: 'openai',
  },
  {
    provider: 'openai',
    field: 'type',
    values: ['server_error', 'service_unavailable_error'],
    http: 500,
    meaning: 'OpenAI failed or had no capacity while serving the request.',
    retry: BACKOFF,
    change: 'Retry after a growing delay; check the status page if it lasts.',
    source: 'openai',
  },

  // ── Groq (OpenAI-compatible) ───────────────────────────────────────────────────────────────────────────
  {
    provider: 'groq',
    field: 'code',
    values: ['tool_use_failed'],
    http: 400,
    meaning: 'The model wrote a tool call the API could not accept (not valid JSON, not matching the tool schema, or a tool not offered); `failed_generation` holds what it wrote.',
    retry: NEVER,
    change: 'Adjust the prompt or the tool definitions so the model writes valid calls (or offer the tool it tried to call); the same request passes again only by chance.',
    source: 'groq-bodies',
  },

  // ── Anthropic Messages ─────────────────────────────────────────────────────────────────────────────────
  {
    provider: 'anthropic',
    field: 'message',
    values: ['prompt is too long'],
    http: 400,
    contextLength: true,
    meaning: "The prompt has more tokens than the model's context window (an invalid_request_error).",
    retry: NEVER,
    change: 'Send fewer input tokens: trim the conversation or documents, or use a model (or beta) with a larger window.',
    source: 'anthropic-bodies',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['overloaded_error'],
    http: 529,
    meaning: "Anthropic's API is short of capacity for everyone; the request itself is fine.",
    retry: BACKOFF,
    change: 'Retry with exponential backoff and jitter; fail over to another region or provider for the same model if it lasts.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['rate_limit_error'],
    http: 429,
    meaning: "The organization went over one of its rate limits (requests, input or output tokens per minute), or ramped up too fast.",
    retry: BACKOFF,
    change: 'Wait as long as retry-after says, then retry; ramp traffic up gradually, or ask for higher limits.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['api_error'],
    http: 500,
    meaning: "Something failed inside Anthropic's systems.",
    retry: BACKOFF,
    change: 'Retry after a short, growing delay; report the request_id if it keeps happening.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['timeout_error'],
    http: 504,
    meaning: 'The request took longer than Anthropic allows.',
    retry: BACKOFF,
    change: 'Retry; for long generations stream the response or use the Message Batches API.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['invalid_request_error'],
    http: 400,
    meaning: "The request's format or content is wrong (also used for other 4xx codes without a type of their own).",
    retry: NEVER,
    change: 'Fix what the message names (a parameter, max_tokens over the model limit, a malformed message).',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['authentication_error'],
    http: 401,
    meaning: 'The API key is missing or not valid.',
    retry: NEVER,
    change: 'Send a valid x-api-key.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['billing_error'],
    http: 402,
    meaning: 'A billing problem stops the request: payment details, or credit.',
    retry: NEVER,
    change: 'Fix the billing settings of the organization.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['permission_error'],
    http: 403,
    meaning: 'The API key has no permission for the resource (a model, a feature, a workspace).',
    retry: NEVER,
    change: 'Use a key with access, or ask for access to the resource.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['not_found_error'],
    http: 404,
    meaning: 'The resource asked for does not exist (often a misspelt or retired model name).',
    retry: NEVER,
    change: 'Check the model name or resource id.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['request_too_large'],
    http: 413,
    meaning: 'The request body is over the size limit (32 MB for the Messages API); it was refused before it reached the API.',
    retry: NEVER,
    change: 'Send a smaller request: fewer or smaller images and documents, or upload files through the Files API.',
    source: 'anthropic',
  },
  {
    provider: 'anthropic',
    field: 'type',
    values: ['conflict_error'],
    http: 409,
    meaning: 'The request conflicts with the current state of a resource.',
    retry: BACKOFF,
    change: 'Retry once the conflicting operation has finished.',
    source: 'anthropic',
  },

  // ── Google: Gemini API and Vertex AI (google.rpc.Status) ──────────────────────────────────────────────
  {
    provider: 'google',
    field: 'message',
    values: ['input token count'],
    http: 400,
    contextLength: true,
    meaning: "The input has more tokens than the model accepts (an INVALID_ARGUMENT).",
    retry: NEVER,
    change: 'Send fewer input tokens: trim history, files or media, or use a model with a larger input limit.',
    source: 'gemini-bodies',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['INVALID_ARGUMENT'],
    http: 400,
    meaning: 'The request body is malformed: a typo, a missing required field, or a feature the endpoint version does not have.',
    retry: NEVER,
    change: 'Check the request against the API reference (and that the endpoint version supports the features used).',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['FAILED_PRECONDITION'],
    http: 400,
    meaning: 'The request cannot be served as the project stands, e.g. the free tier is not offered in the region and billing is off.',
    retry: NEVER,
    change: 'Enable billing for the project, or meet the precondition the message names.',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['UNAUTHENTICATED'],
    http: 401,
    meaning: 'The OAuth token or API key is missing, not valid or expired.',
    retry: NEVER,
    change: 'Send a valid credential (on Vertex AI, a fresh access token).',
    source: 'vertex',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['PERMISSION_DENIED'],
    http: 403,
    meaning: 'The key or service account lacks a permission: the wrong key, a tuned model without authentication, or no access to a referenced file.',
    retry: NEVER,
    change: 'Check the API key, the enabled APIs and the service account roles.',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['NOT_FOUND'],
    http: 404,
    meaning: 'A resource the request names (a model, a file, a storage URL) was not found.',
    retry: NEVER,
    change: 'Check the model name, the file and every URL in the request.',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['RESOURCE_EXHAUSTED'],
    http: 429,
    meaning: 'A rate limit or quota was exceeded, or shared capacity ran out.',
    retry: BACKOFF,
    change: 'Retry after a few seconds with exponential backoff (a couple of times); check the quota, ask for more, or spread the traffic out.',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['CANCELLED'],
    http: 499,
    meaning: 'The client cancelled the request.',
    retry: NEVER,
    change: 'Nothing on the server side: find what cancelled the call (a timeout or abort in the client or a proxy).',
    source: 'vertex',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['INTERNAL', 'UNKNOWN'],
    http: 500,
    meaning: "Google's side failed unexpectedly; a very long input context can also cause it.",
    retry: BACKOFF,
    change: 'Retry after a short wait; shorten the input, or switch models for a while, if it repeats.',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['UNAVAILABLE'],
    http: 503,
    meaning: 'The service is overloaded or down for the moment.',
    retry: BACKOFF,
    change: 'Retry with backoff, or switch to another model for a while.',
    source: 'gemini',
  },
  {
    provider: 'google',
    field: 'status',
    values: ['DEADLINE_EXCEEDED'],
    http: 504,
    meaning: 'The request did not finish within the deadline, often because the input is too large to process in time.',
    retry: BACKOFF,
    change: 'Set a longer client deadline (the server allows about 10 minutes), or send a smaller input.',
    source: 'gemini',
  },

  // ── Salyro ─────────────────────────────────────────────────────────────────────────────────────────────
  {
    provider: 'salyro',
    field: 'code',
    values: ['upstream_disconnected'],
    http: null,
    meaning: 'The provider behind the gateway closed its connection mid-answer; the gateway ended the stream with this error and no [DONE].',
    retry: BACKOFF,
    change: 'Retry the request; the partial answer before the error is not the whole answer.',
    source: 'salyro',
  },
];
