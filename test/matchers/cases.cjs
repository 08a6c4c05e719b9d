// Matcher cases shared by the Vitest suite (src) and the Jest suite (dist): every matcher, positive and `.not`,
// passing and failing, on recorded streams. Each runner snapshots the failure messages in its own style.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { stripVTControlCharacters } = require('node:util');

const recorded = join(__dirname, '..', '..', 'fixtures', 'recorded');
const read = (path) => readFileSync(join(recorded, path), 'utf8');

const tools = read('chat-completions/openai-python--parallel-tool-calls.sse');
const text = read('chat-completions/openai-python--text-only.sse');
const length = read('chat-completions/openai-python--max-tokens-length.sse');
const error = read('chat-completions/pydantic-ai--groq-error-event-midstream.sse');
const three = read('chat-completions/openai-python--n3-interleaved-choices.sse');
const anthropic = read('anthropic/anthropic-sdk-python--basic-text.sse');

/** The capture up to the end of frame `frames - 1`: a relay that closed between frames, without [DONE]. */
function cutAfter(capture, frames) {
  let at = 0;
  for (let i = 0; i < frames; i += 1) at = capture.indexOf('\n\n', at) + 2;
  return capture.slice(0, at);
}

/** Stamps each frame's lines with a time of day: 100 ms apart, and a `gapMs` pause before frame `gapAt`. */
function stamped(capture, gapAt = 10, gapMs = 3000) {
  let frame = 0;
  let ms = 0;
  const out = [];
  for (const line of capture.split('\n')) {
    if (line === '') {
      out.push(line);
      continue;
    }
    if (out.length === 0 || out[out.length - 1] === '') {
      ms = frame * 100 + (frame >= gapAt ? gapMs : 0);
      frame += 1;
    }
    out.push(`12:00:${String(Math.floor(ms / 1000)).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')} ${line}`);
  }
  return out.join('\n');
}

const cut = cutAfter(tools, 10);
/** The capture with CRLF line ends, as Gemini sends: one `crlf` finding, of severity info. */
const crlf = (capture) => capture.replace(/\n/g, '\r\n');

/** The capture's UTF-8 bytes in pieces of `size`, so multi-byte characters are split across chunks. */
function splitBytes(capture, size) {
  const bytes = Buffer.from(capture);
  const pieces = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(new Uint8Array(bytes.subarray(at, at + size)));
  return pieces;
}
const eventStream = { 'content-type': 'text/event-stream; charset=utf-8' };
const live = (body, init = { headers: eventStream }) => () => new Response(body, init);

const textResponse = {
  id: 'chatcmpl-ABfw031mOJeYCSHe4yI2ZjOA6kMJL',
  object: 'chat.completion',
  created: 1727346168,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content:
          "I'm unable to provide real-time weather updates. To get the current weather in San Francisco, I recommend checking a reliable weather website or a weather app.",
        refusal: null,
      },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: { prompt_tokens: 14, completion_tokens: 30, total_tokens: 44, completion_tokens_details: { reasoning_tokens: 0 } },
  system_fingerprint: 'fp_5050236cbd',
};
const otherCall = { ...textResponse, id: 'chatcmpl-other', created: 1 };
const wrongText = { ...textResponse, choices: [{ ...textResponse.choices[0], message: { ...textResponse.choices[0].message, content: 'Sunny.' } }] };

/**
 * `pass`: the matcher must pass. Otherwise it must fail with a message (snapshotted). `usage`: it must throw a
 * matcher error whatever `.not` says.
 */
const cases = [
  // toReconstructAs
  { title: 'toReconstructAs: the same response', matcher: 'toReconstructAs', input: () => text, args: () => [textResponse], pass: true },
  { title: 'toReconstructAs: ignore paths that vary', matcher: 'toReconstructAs', input: () => text, args: () => [otherCall, { ignore: ['id', 'created'] }], pass: true },
  {
    title: 'toReconstructAs: asymmetric matchers inside expected',
    matcher: 'toReconstructAs',
    input: () => tools,
    args: (expect) => [
      expect.objectContaining({
        id: expect.stringMatching(/^chatcmpl-/),
        choices: [expect.objectContaining({ finish_reason: 'tool_calls', message: expect.objectContaining({ tool_calls: expect.arrayContaining([expect.objectContaining({ type: 'function' })]) }) })],
      }),
    ],
    pass: true,
  },
  { title: 'toReconstructAs: a live Response with format', matcher: 'toReconstructAs', input: live(text), args: () => [textResponse, { format: 'chat-completions' }], pass: true },
  { title: 'toReconstructAs: a different text fails with a diff', matcher: 'toReconstructAs', input: () => text, args: () => [wrongText], pass: false },
  { title: 'toReconstructAs: .not on the same response fails', matcher: 'toReconstructAs', not: true, input: () => text, args: () => [otherCall, { ignore: ['id', 'created'] }], pass: false },
  { title: 'toReconstructAs: a bad ignore is a matcher error', matcher: 'toReconstructAs', input: () => text, args: () => [textResponse, { ignore: 'id' }], usage: true },
  { title: 'toReconstructAs: a misspelt format is a matcher error', matcher: 'toReconstructAs', input: () => text, args: () => [textResponse, { format: 'chat-completion' }], usage: true },

  // toHaveNoFindings
  { title: 'toHaveNoFindings: a clean capture', matcher: 'toHaveNoFindings', input: () => tools, pass: true },
  { title: 'toHaveNoFindings: ignored codes', matcher: 'toHaveNoFindings', input: () => anthropic, args: () => [{ ignore: ['unterminated'] }], pass: true },
  { title: 'toHaveNoFindings: a cut stream fails', matcher: 'toHaveNoFindings', input: () => cut, pass: false },
  { title: 'toHaveNoFindings: .not on a clean capture fails', matcher: 'toHaveNoFindings', not: true, input: () => tools, pass: false },
  { title: 'toHaveNoFindings: a misspelt code is a matcher error', matcher: 'toHaveNoFindings', input: () => tools, args: () => [{ ignore: ['unterminate'] }], usage: true },
  { title: 'toHaveNoFindings: severity warning lets info findings pass', matcher: 'toHaveNoFindings', input: () => crlf(tools), args: () => [{ severity: 'warning' }], pass: true },
  { title: 'toHaveNoFindings: severity error lets warnings pass', matcher: 'toHaveNoFindings', input: () => anthropic, args: () => [{ severity: 'error' }], pass: true },
  { title: 'toHaveNoFindings: without a severity an info finding fails', matcher: 'toHaveNoFindings', input: () => crlf(tools), pass: false },
  { title: 'toHaveNoFindings: severity warning fails on a warning, and lists all findings', matcher: 'toHaveNoFindings', input: () => crlf(anthropic), args: () => [{ severity: 'warning' }], pass: false },
  { title: 'toHaveNoFindings: .not with severity warning fails on info findings only', matcher: 'toHaveNoFindings', not: true, input: () => crlf(tools), args: () => [{ severity: 'warning' }], pass: false },
  { title: 'toHaveNoFindings: severity and ignore together', matcher: 'toHaveNoFindings', input: () => crlf(anthropic), args: () => [{ severity: 'warning', ignore: ['unterminated'] }], pass: true },
  { title: 'toHaveNoFindings: an unknown severity is a matcher error', matcher: 'toHaveNoFindings', input: () => tools, args: () => [{ severity: 'warn' }], usage: true },
  { title: 'toHaveNoFindings: a misspelt option is a matcher error', matcher: 'toHaveNoFindings', input: () => tools, args: () => [{ ignroe: ['crlf'] }], usage: true },
  { title: 'toHaveNoFindings: options that are not an object are a matcher error', matcher: 'toHaveNoFindings', input: () => tools, args: () => ['crlf'], usage: true },

  // toHaveFinding
  { title: 'toHaveFinding: the code', matcher: 'toHaveFinding', input: () => cut, args: () => ['no end'], pass: true },
  { title: 'toHaveFinding: line, frame and message', matcher: 'toHaveFinding', input: () => error, args: () => ['error event', { line: 189, frame: 94, message: /tool_use_failed/ }], pass: true },
  { title: 'toHaveFinding: exact count', matcher: 'toHaveFinding', input: () => cut, args: () => ['no end', { count: 1, line: 0 }], pass: true },
  { title: 'toHaveFinding: absent code fails', matcher: 'toHaveFinding', input: () => tools, args: () => ['no end'], pass: false },
  { title: 'toHaveFinding: wrong line fails and says where they are', matcher: 'toHaveFinding', input: () => error, args: () => ['error event', { line: 3 }], pass: false },
  { title: 'toHaveFinding: wrong count fails', matcher: 'toHaveFinding', input: () => cut, args: () => ['no end', { count: 2 }], pass: false },
  { title: 'toHaveFinding: .not on a present code fails', matcher: 'toHaveFinding', not: true, input: () => cut, args: () => ['no end'], pass: false },
  { title: 'toHaveFinding: a misspelt code is a matcher error', matcher: 'toHaveFinding', not: true, input: () => cut, args: () => ['sequnce gap'], usage: true },
  { title: 'toHaveFinding: a count that is not a number is a matcher error', matcher: 'toHaveFinding', input: () => cut, args: () => ['no end', { count: '1' }], usage: true },
  { title: 'toHaveFinding: an unknown option is a matcher error', matcher: 'toHaveFinding', input: () => cut, args: () => ['no end', { lines: 3 }], usage: true },

  // toBeComplete
  { title: 'toBeComplete: a whole stream', matcher: 'toBeComplete', input: () => tools, pass: true },
  { title: 'toBeComplete: .not on a cut stream', matcher: 'toBeComplete', not: true, input: () => cut, pass: true },
  { title: 'toBeComplete: a cut stream fails', matcher: 'toBeComplete', input: () => cut, pass: false },
  { title: 'toBeComplete: .not on a whole stream fails', matcher: 'toBeComplete', not: true, input: () => tools, pass: false },
  { title: 'toBeComplete: a 502 JSON Response says so', matcher: 'toBeComplete', input: live(cut, { status: 502, headers: { 'content-type': 'application/json' } }), pass: false },

  // toHaveVerdict
  { title: 'toHaveVerdict: did not finish', matcher: 'toHaveVerdict', input: () => cut, args: () => ['did not finish'], pass: true },
  { title: 'toHaveVerdict: a different verdict fails', matcher: 'toHaveVerdict', input: () => tools, args: () => ['did not finish'], pass: false },
  { title: 'toHaveVerdict: .not on the verdict fails', matcher: 'toHaveVerdict', not: true, input: () => tools, args: () => ['complete'], pass: false },
  { title: 'toHaveVerdict: an unknown verdict is a matcher error', matcher: 'toHaveVerdict', input: () => tools, args: () => ['completed'], usage: true },

  // toHaveOutcome
  { title: 'toHaveOutcome: length_limit', matcher: 'toHaveOutcome', input: () => length, args: () => ['length_limit'], pass: true },
  { title: 'toHaveOutcome: error_event', matcher: 'toHaveOutcome', input: () => error, args: () => ['error_event'], pass: true },
  { title: 'toHaveOutcome: a different outcome fails', matcher: 'toHaveOutcome', input: () => error, args: () => ['ok'], pass: false },
  { title: 'toHaveOutcome: .not on the outcome fails', matcher: 'toHaveOutcome', not: true, input: () => length, args: () => ['length_limit'], pass: false },

  // toBeFormat
  { title: 'toBeFormat: anthropic', matcher: 'toBeFormat', input: () => anthropic, args: () => ['anthropic'], pass: true },
  { title: 'toBeFormat: a different format fails', matcher: 'toBeFormat', input: () => anthropic, args: () => ['chat-completions'], pass: false },
  { title: 'toBeFormat: no format at all fails', matcher: 'toBeFormat', input: () => 'data: {"hello":1}\n\n', args: () => ['chat-completions'], pass: false },
  { title: 'toBeFormat: .not on the format fails', matcher: 'toBeFormat', not: true, input: () => anthropic, args: () => ['anthropic'], pass: false },
  { title: 'toBeFormat: an unknown format is a matcher error', matcher: 'toBeFormat', input: () => anthropic, args: () => ['openai'], usage: true },

  // toHaveText
  { title: 'toHaveText: the exact text', matcher: 'toHaveText', input: () => anthropic, args: () => ['Hello there!'], pass: true },
  { title: 'toHaveText: a RegExp', matcher: 'toHaveText', input: () => text, args: () => [/real-time weather/], pass: true },
  { title: 'toHaveText: an asymmetric matcher', matcher: 'toHaveText', input: () => text, args: (expect) => [expect.stringContaining('San Francisco')], pass: true },
  { title: 'toHaveText: another choice', matcher: 'toHaveText', input: () => three, args: () => [/"temperature":59/, { choice: 2 }], pass: true },
  { title: 'toHaveText: a misspelt option is a matcher error', matcher: 'toHaveText', input: () => three, args: () => [/59/, { choise: 2 }], usage: true },
  { title: 'toHaveText: a different text fails with a diff', matcher: 'toHaveText', input: () => anthropic, args: () => ['Hello there.'], pass: false },
  { title: 'toHaveText: a missing choice fails', matcher: 'toHaveText', input: () => anthropic, args: () => ['Hello there!', { choice: 1 }], pass: false },
  { title: 'toHaveText: .not on a matching RegExp fails', matcher: 'toHaveText', not: true, input: () => anthropic, args: () => [/hello/i], pass: false },

  // toHaveToolCall
  { title: 'toHaveToolCall: by name', matcher: 'toHaveToolCall', input: () => tools, args: () => ['get_stock_price'], pass: true },
  { title: 'toHaveToolCall: with its input', matcher: 'toHaveToolCall', input: () => tools, args: () => ['get_stock_price', { ticker: 'AAPL', exchange: 'NASDAQ' }], pass: true },
  { title: 'toHaveToolCall: with an asymmetric input', matcher: 'toHaveToolCall', input: () => tools, args: (expect) => ['GetWeatherArgs', expect.objectContaining({ city: 'Edinburgh' })], pass: true },
  { title: 'toHaveToolCall: another input fails with a diff', matcher: 'toHaveToolCall', input: () => tools, args: () => ['get_stock_price', { ticker: 'MSFT', exchange: 'NASDAQ' }], pass: false },
  { title: 'toHaveToolCall: an absent name fails', matcher: 'toHaveToolCall', input: () => tools, args: () => ['get_time'], pass: false },
  { title: 'toHaveToolCall: .not on a present call fails', matcher: 'toHaveToolCall', not: true, input: () => tools, args: () => ['GetWeatherArgs'], pass: false },

  // toHaveToolCalls
  { title: 'toHaveToolCalls: names in order', matcher: 'toHaveToolCalls', input: () => tools, args: () => [['GetWeatherArgs', 'get_stock_price']], pass: true },
  {
    title: 'toHaveToolCalls: names and inputs',
    matcher: 'toHaveToolCalls',
    input: () => tools,
    args: (expect) => [[{ name: 'GetWeatherArgs', input: { city: 'Edinburgh', country: 'GB', units: 'c' } }, { name: 'get_stock_price', id: expect.stringMatching(/^call_/) }]],
    pass: true,
  },
  { title: 'toHaveToolCalls: the wrong order fails with a diff', matcher: 'toHaveToolCalls', input: () => tools, args: () => [['get_stock_price', 'GetWeatherArgs']], pass: false },
  { title: 'toHaveToolCalls: .not on the same calls fails', matcher: 'toHaveToolCalls', not: true, input: () => tools, args: () => [['GetWeatherArgs', 'get_stock_price']], pass: false },

  // toStopWith
  { title: 'toStopWith: tool_calls', matcher: 'toStopWith', input: () => tools, args: () => ['tool_calls'], pass: true },
  { title: 'toStopWith: every choice', matcher: 'toStopWith', input: () => three, args: () => ['stop'], pass: true },
  { title: 'toStopWith: a choice that is not an index is a matcher error', matcher: 'toStopWith', input: () => three, args: () => ['stop', { choice: -1 }], usage: true },
  { title: 'toStopWith: a different reason fails', matcher: 'toStopWith', input: () => length, args: () => ['stop'], pass: false },
  { title: 'toStopWith: no finish reason fails', matcher: 'toStopWith', input: () => error, args: () => ['stop'], pass: false },
  { title: 'toStopWith: .not on the reason fails', matcher: 'toStopWith', not: true, input: () => three, args: () => ['stop', { choice: 1 }], pass: false },

  // toHaveUsage
  { title: 'toHaveUsage: a partial usage', matcher: 'toHaveUsage', input: () => tools, args: () => [{ prompt_tokens: 149, completion_tokens_details: { reasoning_tokens: 0 } }], pass: true },
  { title: 'toHaveUsage: other counts fail with a diff', matcher: 'toHaveUsage', input: () => tools, args: () => [{ prompt_tokens: 150, total_tokens: 209 }], pass: false },
  { title: 'toHaveUsage: no usage fails', matcher: 'toHaveUsage', input: () => error, args: () => [{ prompt_tokens: 1 }], pass: false },
  { title: 'toHaveUsage: .not on the usage fails', matcher: 'toHaveUsage', not: true, input: () => anthropic, args: () => [{ output_tokens: 6 }], pass: false },

  // toArriveWithin
  { title: 'toArriveWithin: capture stamps within limits', matcher: 'toArriveWithin', input: () => stamped(tools), args: () => [{ firstContentMs: 500, idleMs: 5000, totalMs: 10_000 }], pass: true },
  { title: 'toArriveWithin: a live Response', matcher: 'toArriveWithin', input: live(tools), args: () => [{ firstByteMs: 5000, totalMs: 5000 }], pass: true },
  { title: 'toArriveWithin: a pause past idleMs fails', matcher: 'toArriveWithin', input: () => stamped(tools), args: () => [{ idleMs: 1000, totalMs: 10_000 }], pass: false },
  { title: 'toArriveWithin: .not within limits fails', matcher: 'toArriveWithin', not: true, input: () => stamped(tools), args: () => [{ totalMs: 10_000 }], pass: false },
  { title: 'toArriveWithin: a capture without stamps is a matcher error', matcher: 'toArriveWithin', input: () => tools, args: () => [{ totalMs: 1000 }], usage: true },
  { title: 'toArriveWithin: firstByteMs of a capture is a matcher error', matcher: 'toArriveWithin', input: () => stamped(tools), args: () => [{ firstByteMs: 1000 }], usage: true },

  // What a matcher can read
  { title: 'bytes: a Buffer', matcher: 'toBeComplete', input: () => Buffer.from(tools), pass: true },
  { title: 'bytes: an ArrayBuffer', matcher: 'toHaveToolCall', input: () => new TextEncoder().encode(tools).buffer, args: () => ['GetWeatherArgs'], pass: true },
  { title: 'an array of chunks, split inside a character', matcher: 'toHaveText', input: () => splitBytes(text, 101), args: () => [/San Francisco/], pass: true },
  { title: 'a ReadableStream', matcher: 'toHaveNoFindings', input: () => new Response(tools).body, pass: true },
  { title: 'an async iterable', matcher: 'toStopWith', input: () => (async function* chunks() { yield* splitBytes(tools, 64); })(), args: () => ['tool_calls'], pass: true },
  { title: 'a promise of a Response', matcher: 'toBeFormat', input: () => Promise.resolve(new Response(anthropic)), args: () => ['anthropic'], pass: true },
  { title: 'a reconstruction already made', matcher: 'toBeComplete', not: true, input: () => require('../../dist/index.cjs').reconstruct(cut), pass: true },
  { title: 'a number is not a stream: matcher error', matcher: 'toBeComplete', input: () => 42, usage: true },
];

/** Runs one case with the runner's `expect`; resolves to whether it passed and the message, ANSI stripped. */
async function run(expect, testCase) {
  const subject = testCase.not ? expect(testCase.input()).not : expect(testCase.input());
  const args = testCase.args ? testCase.args(expect) : [];
  try {
    await subject[testCase.matcher](...args);
    return { passed: true, message: '' };
  } catch (error) {
    return { passed: false, message: stripVTControlCharacters(error.message), error };
  }
}

module.exports = { cases, run, tools, text, cut, anthropic, error, three, maxTokens: length, stamped, cutAfter, textResponse };
