/**
 * The one catalogue of findings. Code raises a finding by its code; docs/findings.md is generated
 * from this table (`npm run docs`), so what the docs say and what the code does cannot drift apart.
 */

import { ownEntry } from './own-copy.js';

/** How much a finding matters: `error` loses or corrupts data, `warning` is a departure a client may survive,
 * `info` is worth knowing but harmless to a spec client. */
export type Severity = 'error' | 'warning' | 'info';

/** One entry of the findings catalogue: severity, title, what it means and what to do. */
export interface FindingEntry {
  readonly severity: Severity;
  /** One line: what happened. */
  readonly title: string;
  /** What it means for a client reading the stream. */
  readonly meaning: string;
  /** What to change so the finding goes away. */
  readonly fix: string;
}

/** The findings catalogue: every code with its severity, title, meaning and fix (docs/findings.md is generated from it). */
export const FINDINGS = {
  empty: {
    severity: 'error',
    title: 'No frame in the input',
    meaning: 'Nothing was dispatched: the input has no `data:` line followed by a blank line.',
    fix: 'Pass the body of a `text/event-stream` response (what `curl -N` prints), not its headers or a JSON body.',
  },
  bom: {
    severity: 'info',
    title: 'Starts with a byte-order mark',
    meaning:
      'U+FEFF at the very start is removed by every spec client. A reader that does not remove it sees a first field named `\\uFEFFdata` and loses the first frame.',
    fix: 'Drop the BOM where the capture or the server writes it.',
  },
  'no format': {
    severity: 'error',
    title: 'No frame is one of the formats this library reads',
    meaning:
      'Every frame was tried against Chat Completions, Responses, Anthropic Messages, Gemini and Behavior Run, and none of them names one: nothing is assembled, and the stream cannot be said to finish. The finding says what the frames carry.',
    fix: 'Check that this is the body of an LLM stream (not a proxy page or another API); pass `format` to read it as one of the five.',
  },
  'error body': {
    severity: 'error',
    title: 'The body is one JSON error document, not an event stream',
    meaning:
      'The request failed before any event was sent: the provider (or a gateway) answered with an error object, maybe pretty-printed, under an event-stream content type. A client reading events sees no frame and may hang or report an empty answer. `error` holds the document.',
    fix: 'Read the error: it says what was wrong with the request. Make the server send errors before streaming with a non-2xx status and `content-type: application/json`.',
  },
  'request not streaming': {
    severity: 'warning',
    title: 'The request did not ask for a stream',
    meaning:
      'The request given with the stream lacks what makes its API stream (`stream: true` for Chat Completions, Responses and Anthropic Messages; `:streamGenerateContent?alt=sse` for Gemini): the API would have answered it with one JSON response, so this stream did not come from that request, or a relay added streaming the client never asked for.',
    fix: 'Pass the request that produced this stream; or ask for a stream in the request the client sends.',
  },
  'ignored line': {
    severity: 'warning',
    title: 'A line a spec client reads as nothing',
    meaning:
      'Its field is not one of `data`, `event`, `id`, `retry` (names are case-sensitive), or it names an event in a frame that has no `data:` line, so nothing is dispatched.',
    fix: 'Spell the field exactly (`data:`), and give every named event a `data:` line.',
  },
  'blank line': {
    severity: 'warning',
    title: 'A blank line in an NDJSON stream',
    meaning:
      'NDJSON has one JSON document on every line. A blank or whitespace-only line between documents is skipped by a lenient reader (one that warns and goes on) and fails a strict one, whose JSON.parse of it throws. Whitespace after the last document is not named.',
    fix: 'Write each document followed by one "\\n", and nothing between documents.',
  },
  'not json': {
    severity: 'error',
    title: "A frame's data is neither JSON nor [DONE]",
    meaning: 'The frame cannot be read by any client of an LLM stream; it is listed and skipped.',
    fix: 'Send one JSON document per frame and end each frame with a blank line.',
  },
  'comment as data': {
    severity: 'error',
    title: 'A comment written as data',
    meaning:
      'The frame is `data: : keepalive` (or like it): a colon after `data:` is part of the data, so every client receives the text as a message and its JSON parse fails. Only a line that starts with a colon is a comment.',
    fix: 'Send a keepalive as a line of its own that starts with a colon (`: keepalive`), followed by a blank line, with no `data:` before it.',
  },
  'too deep': {
    severity: 'error',
    title: 'JSON nested more than 512 levels deep',
    meaning:
      'A frame or a tool input that JSON.parse reads, but that overflows the stack of whatever copies or prints it (JSON.stringify, a snapshot). A frame this deep is listed and skipped; a tool input, shown as its arguments text only.',
    fix: 'Find what wrote it: no model answer nests this deep, so it is a bug or an attack. Flatten the structure.',
  },
  cut: {
    severity: 'error',
    title: 'Cut off inside the last frame',
    meaning: 'The last frame has no blank line after it and its data does not parse: the stream stopped mid-frame.',
    fix: 'Find what closed the connection early (a proxy timeout, a crashed relay, a body size limit).',
  },
  'frame cut': {
    severity: 'error',
    title: 'Cut off inside the last binary frame',
    meaning:
      'An AWS event stream ended inside a message: inside its 12-byte prelude, or before the total length its prelude declares. The message is never read, so what it carried (a delta, the stop event, an exception) is lost. The AWS SDKs throw "Truncated event message received" here.',
    fix: 'Find what closed the connection early (a proxy timeout, a body size limit, a relay that stopped copying bytes mid-message).',
  },
  'frame checksum': {
    severity: 'error',
    title: "A binary frame's CRC-32 does not match",
    meaning:
      'An AWS event-stream message carries two CRC-32 checksums: over its prelude, and over everything before its last four bytes. A prelude that does not check means its lengths cannot be trusted: the bytes up to the next prelude that checks are skipped. A message checksum that does not check means its headers or payload changed on the way: it is read as it came. The AWS SDKs throw on either.',
    fix: 'Relay the body as bytes: a gateway that decodes it as text, re-encodes it, or edits a payload without recomputing the checksum breaks it.',
  },
  'bad frame length': {
    severity: 'error',
    title: "A binary frame's lengths cannot be right",
    meaning:
      'The prelude checks, yet its total length is under the 16 bytes every message has, or its headers length runs past the total. The message cannot be split into headers and payload; the bytes up to the next prelude that checks are skipped.',
    fix: 'Find the writer that computed the lengths: the total counts the prelude, both checksums, the headers and the payload.',
  },
  'bad header': {
    severity: 'error',
    title: 'A binary frame header of an unknown type, or past the headers\' end',
    meaning:
      'Header value types are 0 to 9 (booleans, byte, short, integer, long, bytes, string, timestamp, uuid); another type byte, or a header longer than the block, stops the reading of that message\'s headers. The headers before it are kept and the payload is read; the AWS SDKs throw.',
    fix: 'Write only the ten header types, with lengths that fit the headers block.',
  },
  'frame too large': {
    severity: 'error',
    title: 'A binary frame larger than the reader holds',
    meaning:
      'The prelude declares more bytes than the bound (16 MiB of payload plus 128 KiB of headers, the AWS limits, by default): the message is skipped without being held, and what it carried is lost.',
    fix: 'Split large payloads into several messages; if your readers hold more, raise the bound.',
  },
  unterminated: {
    severity: 'warning',
    title: 'The last frame has no blank line after it',
    meaning:
      'One rule for a last frame no blank line ends: pasted text (a string, bytes, a file, the page) is read leniently, since a terminal or editor may drop the last blank line, so the frame is assembled and this warns. A live read (a Response, ReadableStream, async iterable or Node stream) is judged as a spec client reads it: the frame is never dispatched, so it reports `not dispatched` and the stream did not finish.',
    fix: 'Write a blank line (`\\n\\n`) after every frame, the last one included. If this is a pasted capture, the terminal may have dropped it: check the live stream.',
  },
  'too large': {
    severity: 'error',
    title: 'More characters without a blank line than the reader holds',
    meaning:
      'A reader stops the stream once it holds more than its bound without a blank line: 1,048,576 characters (the common 1 MiB bound) unless `maxHeldChars` says otherwise. Nothing after this point is read, so the stream is not said to lack its end.',
    fix: 'End frames with a blank line; split very large payloads into several frames. If your readers hold more, pass their bound as `maxHeldChars` (Infinity for none).',
  },
  'unread before format': {
    severity: 'error',
    title: 'Frames before the first that names a format were counted, not read',
    meaning:
      'Frames that no format names (such as `data: {}`) wait until one does, so that they can be read as it; past 4,096 frames or 1 MiB of them, later ones are counted and not kept, which bounds what an endless stream of them holds. When a format is named after that, those frames were never read as it: the answer may lack what they carried, so the stream is not said to be whole.',
    fix: 'Pass `format` to read every frame as it comes, or find why the stream sends so many frames that name no format before its first real one.',
  },
  crlf: {
    severity: 'info',
    title: 'Every line ends in \\r\\n',
    meaning:
      'Spec clients accept it; a reader that splits frames on `\\n\\n` finds no frame at all. The stream is read as the spec reads it.',
    fix: 'Nothing, if your readers follow the spec; otherwise end lines with `\\n` or fix the reader.',
  },
  'bad retry': {
    severity: 'warning',
    title: '`retry:` is not a whole number of milliseconds',
    meaning: 'Only ASCII digits are accepted; a spec client ignores any other value, so the delay is not set.',
    fix: 'Write the delay as digits only, in milliseconds: `retry: 3000`, not `retry: 3s`.',
  },
  'not dispatched': {
    severity: 'error',
    title: 'The last event is never dispatched',
    meaning:
      'The stream ends while an event is still buffered: no blank line follows its data. A spec client throws that buffer away, so the event never fires and the last piece of the answer is lost. Reported by `inspect()` and by every live read (a Response, ReadableStream, async iterable or Node stream), whose verdict is then `did not finish`; the frame is still listed and assembled. Pasted text reports `unterminated` instead.',
    fix: 'End every event with a blank line, the last one included, before closing the connection.',
  },
  'done sentinel': {
    severity: 'info',
    title: '`[DONE]` is a convention, not part of server-sent events',
    meaning:
      'A spec client dispatches `data: [DONE]` as an ordinary message whose data is the six characters `[DONE]`; only code that knows the convention stops there. A handler that parses every event as JSON fails on it. (Reported by `inspect()`.)',
    fix: 'Check for `[DONE]` before parsing an event as JSON, or end the stream without it if your clients do not expect it.',
  },
  'unknown event': {
    severity: 'warning',
    title: 'A frame that is not part of the format being read',
    meaning: 'Its event or type is not one the format has, or it belongs to another stream. It is listed and not assembled.',
    fix: 'Remove it, or read the stream as the format it belongs to.',
  },
  'part rejected': {
    severity: 'error',
    title: "A part the AI SDK client's schema rejects",
    meaning:
      'An AI SDK UI message stream part whose `type` is none the `ai` package lists (custom parts must be named `data-…`), whose required field is missing or of the wrong type, or whose `finishReason` is outside the enum. `useChat` (its `DefaultChatTransport`) throws at that part and the whole response fails there. It is listed and not assembled.',
    fix: "Write only the part types of the `ai` version your clients run, with the fields its `uiMessageChunkSchema` requires; put custom payloads in `data-*` parts.",
  },
  mixed: {
    severity: 'error',
    title: 'Frames of more than one format',
    meaning: 'The stream is read as the format most frames name; the others are unknown events.',
    fix: 'Check the relay for streams written into one response; pass `format` to read it as another format.',
  },
  'identity changed': {
    severity: 'error',
    title: "The stream's identity changed between chunks",
    meaning:
      'A Chat Completions `id`, `model` or `created` differs from the one the stream began with: the chunks come from two responses, as when a relay falls back to a second upstream in the middle of an answer. The answer is spliced from both.',
    fix: 'A relay that retries or falls back must do it before the first byte reaches the client, or end the stream with an error; never continue one answer with another.',
  },
  'model mismatch': {
    severity: 'warning',
    title: 'The stream names another model than the request asked for',
    meaning:
      'The model the stream names is neither the one asked for nor that name followed by a dash and a date or version (`gpt-4o` answered as `gpt-4o-2024-08-06` is the same model): the request was routed to another model, as a relay with a fallback or a model map does.',
    fix: 'Check the relay\'s model routing; if the substitution is meant, tell the client (it may price or parse the answer by model).',
  },
  'no end': {
    severity: 'error',
    title: 'The frame that ends a finished answer never came',
    meaning:
      'No `[DONE]`, `message_stop`, terminal `response.*` event, Gemini `finishReason` or Behavior `response.completed`. What arrived may be partial.',
    fix: 'Find where the stream was closed early; a relay must not end a response it did not see end.',
  },
  'metadata missing': {
    severity: 'warning',
    title: 'No `metadata` event after `messageStop`',
    meaning:
      'A Bedrock ConverseStream ends with `metadata` (the usage and the latency) right after `messageStop`. The answer is whole, but its token counts are missing: a relay that stops copying at `messageStop` drops them, and a client cannot count or bill the tokens.',
    fix: 'Forward every event to the end of the stream, `metadata` included.',
  },
  'no start': {
    severity: 'error',
    title: 'The event a stream begins with is missing',
    meaning:
      'An Anthropic stream without `message_start` or a Behavior run without `response.started`: this is not the whole stream, even if its end is there.',
    fix: 'Capture the stream from its first byte; check that a relay does not drop the first event.',
  },
  'block open': {
    severity: 'error',
    title: 'Opened and never closed',
    meaning:
      'An Anthropic content block without `content_block_stop`, a Responses output item without `response.output_item.done` (and no final object), or a Behavior tool step never completed or failed. What is shown of it may be partial.',
    fix: 'Send the closing event for every block, item and step before ending the stream.',
  },
  'signature missing': {
    severity: 'warning',
    title: 'A thinking block closed without its signature',
    meaning:
      'An Anthropic `thinking` block got no `signature_delta` before its `content_block_stop`; or, with the request given, thinking it enabled arrived unsigned (a Gemini function call without its `thoughtSignature`). The thinking is shown, but the turn cannot be sent back as the API requires when tools are used with thinking.',
    fix: 'Relay every `signature_delta`: a gateway that keeps only `thinking_delta` drops it.',
  },
  'delta mismatch': {
    severity: 'error',
    title: 'A delta that does not fit its block',
    meaning:
      'The delta type is not one its block takes (an `input_json_delta` inside a `text` block, a `text_delta` inside a `tool_use` block): a client drops it or fails, so what it carried is not in the answer.',
    fix: 'Send each delta at the index of a block of its kind; check a translating relay for an index it reused.',
  },
  'block unstarted': {
    severity: 'error',
    title: 'An event for something never started',
    meaning:
      'A delta or stop for an Anthropic index with no `content_block_start`, a Responses event for an item never added, or a Behavior step that never started. It is not assembled; a piece of the stream is missing.',
    fix: 'Send the start event first; check the capture for a missing piece.',
  },
  'block restarted': {
    severity: 'error',
    title: 'Started twice',
    meaning: 'A second start for an Anthropic index or a Responses output index already in use. The later one replaces the earlier.',
    fix: 'Give every block or item its own index.',
  },
  'after end': {
    severity: 'warning',
    title: 'Frames after the end',
    meaning: 'A client stops reading at the end, so these frames are not part of the answer.',
    fix: 'Stop writing after the terminal frame.',
  },
  'after finish': {
    severity: 'warning',
    title: 'Parts after the `finish` part',
    meaning:
      'An AI SDK UI message stream sends nothing but `data: [DONE]` after `finish`. The `ai` client still applies later parts, so what they carry is in the answer here too; readers that stop at `finish` lose it.',
    fix: 'Write `finish` once, after every other part of the message.',
  },
  'after run end': {
    severity: 'error',
    title: 'An event after the run ended',
    meaning:
      'An AG-UI event after `RUN_FINISHED` (other than `RUN_ERROR` or a new `RUN_STARTED`), or after `RUN_ERROR` (other than a new `RUN_STARTED`). The official client rejects it and fails the run there, so it is not part of the answer.',
    fix: 'Send nothing after the run\'s terminal event; start a new run with `RUN_STARTED` if more is to come.',
  },
  'error event': {
    severity: 'error',
    title: 'The stream ended in an error',
    meaning: 'The provider failed after the response had started with a 200. What arrived before it is partial.',
    fix: 'Surface the error to the caller as a failure; do not present the partial answer as complete.',
  },
  'event mismatch': {
    severity: 'warning',
    title: "The frame's `event:` and its data's `type` disagree",
    meaning: 'Clients that read the event name and clients that read the type see different streams.',
    fix: 'Write the same name in both.',
  },
  'tool call incomplete': {
    severity: 'error',
    title: 'A tool call without an id or a name',
    meaning: 'It cannot be answered, so it is left out of the answer; its arguments are shown in the finding.',
    fix: 'Send the id and the function name in the first fragment of every call.',
  },
  'tool choice unmet': {
    severity: 'error',
    title: 'The tool calls break the request\'s tool choice',
    meaning:
      'The request required a tool call and none came, forbade calls and one came, or named the tools allowed and another was called (`tool_choice`, Gemini `functionCallingConfig`): an agent loop that counts on the choice breaks, or runs a tool it did not offer.',
    fix: 'Check that a translating relay carries `tool_choice` into the upstream\'s own form (`required` ↔ Anthropic `any` ↔ Gemini `ANY`).',
  },
  'parallel calls': {
    severity: 'error',
    title: 'Several tool calls where the request allowed one',
    meaning:
      'The request turned parallel calls off (`parallel_tool_calls: false`, Anthropic `disable_parallel_tool_use: true`), and a choice made more than one: a client written for one call at a time runs only the first, or fails.',
    fix: 'Carry the parallel-calls setting through the relay into the upstream request.',
  },
  'choice no index': {
    severity: 'error',
    title: 'A choice without an index',
    meaning:
      "A Chat Completions choice chunk has no whole-number `index`. It is read here as the choice at its place in `choices`; the official SDK files choices by index and loses it (its content and its finish reason), so the client sees no answer.",
    fix: 'Give every choice chunk its `index` (0 unless the request asked for `n` > 1).',
  },
  'choice count': {
    severity: 'error',
    title: 'Another number of choices than the request asked for',
    meaning:
      'The request asked for several choices (`n`, Gemini `candidateCount`) and the finished stream holds another number: a client that reads each choice by its index misses some, or a relay kept only the first.',
    fix: 'Relay every choice with its own index; a relay that cannot carry several must refuse `n` > 1 rather than drop choices.',
  },
  'block no index': {
    severity: 'error',
    title: 'A content block event without its index',
    meaning:
      'A Bedrock `contentBlockStart`, `contentBlockDelta` or `contentBlockStop` has no whole-number `contentBlockIndex`: no block can take it, so what it carried is not in the answer.',
    fix: 'Give every content block event its `contentBlockIndex`; a translating relay numbers the blocks from 0 in their order.',
  },
  'tool call no index': {
    severity: 'error',
    title: 'A tool-call fragment without an index',
    meaning: 'It is attached to call 0; in a stream with parallel calls that joins two calls into one.',
    fix: 'Give every `tool_calls` fragment its `index`.',
  },
  'tool call id changed': {
    severity: 'error',
    title: 'A new tool call at an index already in use',
    meaning:
      'A tool-call fragment carries an `id` other than the one its index began with: it is a second call written over the first. The calls are kept apart here; a client that merges by index joins them into one call with arguments that do not parse.',
    fix: 'Give every call its own `index` (0, 1, 2 … within the choice), and send `id` only in a call\'s first fragment.',
  },
  'arguments not json': {
    severity: 'warning',
    title: "A tool call's arguments do not parse as JSON",
    meaning: 'The assembled string is shown as it is; a client that parses it will fail.',
    fix: 'If every fragment arrived, the model produced bad JSON: validate before calling the tool. Otherwise find the missing fragment.',
  },
  'schema unmet': {
    severity: 'error',
    title: 'The final text does not follow the request\'s JSON schema',
    meaning:
      'The request asked for structured output with a JSON schema (`response_format`, Responses `text.format`, Gemini `responseJsonSchema`), and the final text is not JSON, or is JSON the schema rejects: the client\'s parse or its typed reading fails. The message quotes the validator\'s errors.',
    fix: 'Carry the schema through the relay into the upstream request; check that no text was lost or added on the way (a dropped delta breaks the JSON).',
  },
  'schema unchecked': {
    severity: 'info',
    title: 'JSON text not checked against the request\'s schema',
    meaning: 'The request asked for a JSON schema and the final text parses as JSON, but no schema validator was at hand (the core has none of its own), so it was not validated.',
    fix: 'Install `ajv` (the matchers and the CLI use it when it is there), or pass `schemaValidator` to `reconstruct()`.',
  },
  'arguments too large': {
    severity: 'error',
    title: 'Streamed arguments that would grow far past the bytes that carried them',
    meaning:
      'A Gemini (Vertex) `partialArgs` path that makes lists, objects and gap-filling nulls many times the size of what it arrived in (`$.k[1024][1024]…`): no model streams that, and building it would exhaust memory. The arguments built so far are kept; the rest are left as they arrived, in `functionCall.partialArgs`.',
    fix: 'Find what wrote the paths: a bug or an attack. Stream arguments with paths that follow the arguments built so far.',
  },
  'no finish reason': {
    severity: 'warning',
    title: 'A choice never received a finish reason',
    meaning: 'The stream ended, but this choice was never told why it stopped.',
    fix: 'Send `finish_reason` in the last chunk of every choice.',
  },
  'finish without reason': {
    severity: 'info',
    title: 'A `finish` part without `finishReason`',
    meaning:
      'The AI SDK UI message stream schema makes the reason optional (its own writer always sends it): the client cannot tell a whole answer from one cut by the token limit or a filter.',
    fix: "Send `finishReason` (`stop`, `length`, `content-filter`, `tool-calls`, `error`, `other`) mapped from the upstream's reason.",
  },
  'unknown finish reason': {
    severity: 'error',
    title: "A finish reason outside the format's documented set",
    meaning:
      'Clients compare the reason against the values the format documents; any other value is treated as abnormal or breaks a switch over them. A reason from another format (`end_turn` or `STOP` in a Chat Completions stream) is a translation left undone; a reason that names an error (`overloaded_error`) is an error the stream passed off as an ending.',
    fix: "Map the upstream's reason to the format's own set; send an upstream error as the format's error event, not as a finish reason.",
  },
  'finish mismatch': {
    severity: 'error',
    title: 'The finish reason disagrees with what the stream carried',
    meaning:
      'Content after a choice already finished, `tool_calls` (or `tool_use`) with no tool call, or tool calls with a reason that says the turn ended without them: a client that acts on the reason runs no tool, or waits for one that never comes.',
    fix: 'Send the finish reason last, and the one that matches the content: `tool_calls` or `tool_use` exactly when the turn ends in tool calls.',
  },
  'token limit': {
    severity: 'warning',
    title: 'The output disagrees with the request\'s token limit',
    meaning:
      'The request capped the output (`max_tokens`, `max_completion_tokens`, `max_output_tokens`, Gemini `maxOutputTokens`), and the usage counts more tokens than the cap, or exactly the cap with a finish other than the format\'s length finish: a client told the answer is whole does not ask for the rest, and a count above the cap is wrong.',
    fix: 'Pass the upstream\'s length finish through (`length`, `max_tokens`, `MAX_TOKENS`, an incomplete response); check how the relay maps the limit and the usage.',
  },
  'usage without content': {
    severity: 'warning',
    title: 'Output tokens counted, but nothing arrived',
    meaning:
      'The usage counts more output tokens than an empty turn has (up to 3, less any hidden reasoning the usage counts), yet the stream carried no text, no tool call and no reasoning: the content was lost on the way (a relay that forwarded only the last chunk, a translator that dropped a part type). Checked only on a stream that finished.',
    fix: 'Find where the content went: compare with the upstream stream, or the non-streamed reply to the same request.',
  },
  'usage not sent': {
    severity: 'error',
    title: 'The request asked for usage, and none came',
    meaning:
      'The request set `stream_options.include_usage: true`, which makes the API send a last chunk with the usage, and the finished stream carries none: a relay dropped the chunk (it has no choices, and some relays skip such chunks), so the client cannot count or bill the tokens.',
    fix: 'Forward the usage chunk (empty `choices`, a `usage` object) before `data: [DONE]`; a translating relay writes one from the upstream\'s usage.',
  },
  'not assembled': {
    severity: 'info',
    title: 'Carried something the assembly does not read',
    meaning: 'A delta field, an event or a delta type this library does not assemble. It is named here and in the frames table.',
    fix: 'Nothing, if a client can ignore it; otherwise check the field name against the format.',
  },
  'sequence gap': {
    severity: 'error',
    title: '`sequence_number` is not one more than the one before',
    meaning: 'An event is missing or out of order.',
    fix: 'Find where events are dropped or reordered (a relay that buffers, a retry that replays).',
  },
  'done mismatch': {
    severity: 'warning',
    title: 'A final value disagrees with its deltas',
    meaning: 'A `…done` event or the final response object holds something other than what the deltas built. The final value is kept.',
    fix: 'Check for a lost or duplicated delta before the done event.',
  },
  incomplete: {
    severity: 'warning',
    title: 'The response is incomplete',
    meaning: 'The stream ended with `response.incomplete`: the answer is real, and partial.',
    fix: 'Raise the output token limit, or handle the partial answer.',
  },
  'prompt blocked': {
    severity: 'warning',
    title: 'Gemini blocked the prompt',
    meaning: '`promptFeedback.blockReason` is set and there are no candidates: the response is finished, and filtered.',
    fix: 'Rephrase the prompt.',
  },
  'tool failed': {
    severity: 'info',
    title: 'A tool failed (a Behavior run step, an AI SDK tool part)',
    meaning: 'The run goes on: the model is told and may recover. Only an `error` event ends a run (or an AI SDK UI message stream). An AI SDK `tool-input-error` or `tool-output-error` part says the same of a tool call.',
    fix: 'Check the tool named in the finding if the run did not recover.',
  },
  'bad field': {
    severity: 'error',
    title: "A field without the shape Salyro's contract gives it",
    meaning: 'A Behavior `behavior`, `version` or `usage` that cannot be read; it is shown as unknown.',
    fix: '`behavior` is a string, `version` an integer or null, `usage` the three integer counts.',
  },
  'invalid event': {
    severity: 'error',
    title: 'An event its schema rejects',
    meaning:
      'An AG-UI event without a field the protocol requires (`RUN_FINISHED` without `threadId`, content without `messageId`), a field of the wrong type, or an optional field sent as null. The official client validates every event first and fails the run at this one.',
    fix: 'Send every required field with its type, and leave optional fields out rather than null.',
  },
  stalled: {
    severity: 'error',
    title: 'The stream stalled',
    meaning:
      'A wait went past a deadline: for the first byte or the first content, between content, or for the whole stream (pings, comments and frames without content are not progress). A live read is cancelled there, the reader and the body, or when its `signal` aborts; a timestamped capture is judged by its stamps.',
    fix: 'Find what held the stream: a slow first token, a buffering proxy, a provider that stopped sending.',
  },
  'http status': {
    severity: 'error',
    title: 'The Response status is not 2xx',
    meaning:
      'A client (fetch-based readers, the OpenAI and Anthropic SDKs, EventSource) treats the response as an error and never reads its body as events, however valid the body looks. The body is still reconstructed, to show what was sent. A correct HTTP error (a JSON body) gets this finding alone, with what the error means, and `error` holds the body.',
    fix: 'For a correct HTTP error, fix what the error names in the request. Otherwise answer 200 once the stream starts; report a failure before it as an HTTP error with a JSON body, and one after it as an error event.',
  },
  'content type': {
    severity: 'warning',
    title: "The Response content type is not its framing's media type",
    meaning:
      'The content type does not name the framing the body was read with (`text/event-stream` for server-sent events, `application/x-ndjson` for NDJSON, `application/vnd.amazon.eventstream` for an AWS event stream). EventSource and the SDKs refuse such a response or read it otherwise, and proxies, CDNs and some SDKs buffer or reject a body not declared a stream.',
    fix: "Send the framing's media type: `content-type: text/event-stream` for server-sent events (a charset parameter may follow).",
  },
} as const satisfies Record<string, FindingEntry>;

/** Every finding code, as a typed union: a typo in a matcher's argument fails to compile. */
export type FindingCode = keyof typeof FINDINGS;

/** Every finding code, in the catalogue's order. */
export const FINDING_CODES = Object.keys(FINDINGS) as FindingCode[];

/** True for a string that is a finding code of the catalogue. */
export function isFindingCode(value: unknown): value is FindingCode {
  return typeof value === 'string' && ownEntry(FINDINGS, value) !== undefined;
}

/** One departure from the format's documentation: its code, severity, plain words, and where it is (line, column, frame). */
export interface Finding {
  code: FindingCode;
  severity: Severity;
  /** What happened here and what to do, in plain words. */
  message: string;
  /** 1-based line of the input (0 when the finding is about the whole stream). */
  line: number;
  /** 1-based column (0 when the finding is about the whole stream). */
  column: number;
  /** Index into `frames` of the frame it is about, when there is one. */
  frame?: number;
  /**
   * Byte offset in the stream, for a binary framing (the AWS event stream), which has no lines: `line` and `column`
   * are then 0 and `frame` names the frame number.
   */
  offset?: number;
}

/** How many findings of one code are listed before the rest are only counted. */
export const FINDINGS_LISTED_PER_CODE = 20;

/** The findings collected so far, as a decoder shows them: the first few of each code listed, every one counted. */
export interface CollectedFindings {
  readonly listed: readonly Finding[];
  readonly counts: Partial<Record<FindingCode, number>>;
  /** Whether any finding of `code` was collected. */
  has(code: FindingCode): boolean;
  /** The listed findings in input order (whole-stream findings, at line 0, last). */
  sorted(): Finding[];
}

/**
 * Collects findings: lists the first few of each code and counts them all, so a stream of a hundred thousand bad
 * frames yields a readable report and an exact total.
 */
export class FindingList implements CollectedFindings {
  readonly listed: Finding[] = [];
  readonly counts: Partial<Record<FindingCode, number>> = {};

  /** `offset`: a binary framing's byte offset (then `line` and `column` are 0). */
  add(code: FindingCode, message: string, line: number, column: number, frame?: number, offset?: number): void {
    const count = (this.counts[code] ?? 0) + 1;
    this.counts[code] = count;
    if (count > FINDINGS_LISTED_PER_CODE) return;
    const finding: Finding = { code, severity: FINDINGS[code].severity, message, line, column };
    if (frame !== undefined) finding.frame = frame;
    if (offset !== undefined) finding.offset = offset;
    this.listed.push(finding);
  }

  /** Whether the next finding of `code` is listed (past the listed few, a message need not be made). */
  lists(code: FindingCode): boolean {
    return (this.counts[code] ?? 0) < FINDINGS_LISTED_PER_CODE;
  }

  has(code: FindingCode): boolean {
    return (this.counts[code] ?? 0) > 0;
  }

  /** Listed findings in input order (whole-stream findings, at line 0, last). */
  sorted(): Finding[] {
    // A binary framing's findings have no line: they sort by byte offset (such a stream has no lined findings).
    const key = (f: Finding) => (f.line !== 0 ? f.line : f.offset !== undefined ? f.offset : Number.MAX_SAFE_INTEGER);
    return this.listed
      .map((finding, order) => ({ finding, order }))
      .sort((a, b) => key(a.finding) - key(b.finding) || a.finding.column - b.finding.column || a.order - b.order)
      .map((entry) => entry.finding);
  }
}

/** How often one thing was noted, and where first. */
export interface Tally<Where> {
  frame: Where;
  count: number;
}

/**
 * Things a finding names once each however often a stream repeats them (`not assembled` per kind of thing, so a
 * long stream of one unread part gives one finding): the first place of each, and how many times it came.
 */
export class FindingTally<Where> {
  private readonly tallies = new Map<string, Tally<Where>>();

  /** Notes one more `key` at `frame`: true the first time (raise its finding then), false after (only counted). */
  note(key: string, frame: Where): boolean {
    const tally = this.tallies.get(key);
    if (tally !== undefined) {
      tally.count += 1;
      return false;
    }
    this.tallies.set(key, { frame, count: 1 });
    return true;
  }

  /** Each key noted, in the order first noted, with its first place and count. */
  entries(): IterableIterator<[string, Tally<Where>]> {
    return this.tallies.entries();
  }
}
