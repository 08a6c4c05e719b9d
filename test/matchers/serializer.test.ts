// The snapshot serializer: a stable, readable block, registered by the setup file; nothing that varies by run.
import { format } from '@vitest/pretty-format';
import { describe, expect, test } from 'vitest';
import { reconstruct, reconstructStream } from '../../src/index.js';
import defaultSerializer, { createSerializer, serialize, serializer, test as isReconstruction } from '../../src/runners/serializer.js';
import '../../src/runners/vitest.js';
import { error, maxTokens, stamped, three, tools } from './cases.cjs';

const print = (value: unknown, options = {}) => format(value, { plugins: [createSerializer(options)], escapeString: false, printBasicPrototype: false });

describe('registered by the setup file', () => {
  test('a clean stream with tool calls', () => {
    expect(reconstruct(tools)).toMatchInlineSnapshot(`
      Reconstruction chat-completions · complete · ok · 1 choice · 0 chars of text · 2 tool calls · 0 findings
        choice 0
          text: ""
          tool call 0 GetWeatherArgs (id call_JMW1whyEaYG438VE1OIflxA2): {
            "city": "Edinburgh",
            "country": "GB",
            "units": "c",
          }
          tool call 1 get_stock_price (id call_DNYTawLBoN8fj3KN6qU9N1Ou): {
            "exchange": "NASDAQ",
            "ticker": "AAPL",
          }
          finish: "tool_calls" (The model stopped to call tools. The calls are in the message; run them and send their results back.)
        usage: {
          "completion_tokens": 60,
          "completion_tokens_details": {
            "reasoning_tokens": 0,
          },
          "prompt_tokens": 149,
          "total_tokens": 209,
        }
        findings: none
    `);
  });

  test('a stream that ended in an error', () => {
    expect(reconstruct(error)).toMatchInlineSnapshot(`
      Reconstruction chat-completions · did not finish · error_event · 1 choice · 0 chars of text · 0 tool calls · 1 finding
        choice 0
          text: ""
          reasoning: "We need to call the tool with invalid parameters first, then second call with valid args. The user wants us to test error handling. So first call should have wrong parameters (e.g., missing required "name" or extra param). The tool expects only "name". If we send extra property, that might cause error. Or missing "name". We'll do a call with missing name: {}. Then second call with name: "test". Let's do that."
          finish: none
        error: {
          "code": "tool_use_failed",
          "failed_generation": "{"name": "get_something_by_name", "arguments": {
        "invalid_param": "value"
      }}",
          "message": "Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', additionalProperties 'invalid_param' not allowed]",
          "status_code": 400,
          "type": "invalid_request_error",
        }
        findings:
          189:1 error event (error): Frame 94 is an \`event: error\` frame: tool_use_failed: Tool call validation failed: tool call validation failed: parameters for tool get_something_by_name did not match schema: errors: [missing properties: 'name', a…. The stream ends here, so what arrived before it is partial (0 chars of text and 0 tool calls so far). Surface the error to the caller as a failure; do not present the partial answer as complete. What it means: tool_use_failed (HTTP 400): The model wrote a tool call the API could not accept (not valid JSON, not matching the tool schema, or a tool not offered); \`failed_generation\` holds what it wrote. Retry: never as it is. Adjust the prompt or the tool definitions so the model writes valid calls (or offer the tool it tried to call); the same request passes again only by chance.
    `);
  });

  test('inside another value, indented with it', () => {
    expect({ runs: [reconstruct(three)] }).toMatchInlineSnapshot(`
      {
        "runs": [
          Reconstruction chat-completions · complete · ok · 3 choices · 159 chars of text · 0 tool calls · 0 findings
            choice 0
              text: "{"city":"San Francisco","temperature":65,"units":"f"}"
              finish: "stop" (The model ended its answer by itself, or wrote one of the stop sequences the request gave. The answer is whole.)
            choice 1
              text: "{"city":"San Francisco","temperature":61,"units":"f"}"
              finish: "stop" (The model ended its answer by itself, or wrote one of the stop sequences the request gave. The answer is whole.)
            choice 2
              text: "{"city":"San Francisco","temperature":59,"units":"f"}"
              finish: "stop" (The model ended its answer by itself, or wrote one of the stop sequences the request gave. The answer is whole.)
            usage: {
              "completion_tokens": 42,
              "completion_tokens_details": {
                "reasoning_tokens": 0,
              },
              "prompt_tokens": 79,
              "total_tokens": 121,
            }
            findings: none,
        ],
      }
    `);
  });
});

describe('stable', () => {
  test('a live read prints as the text does, plus its HTTP facts, whatever the timing', async () => {
    async function* slow(pauseMs: number) {
      for (const piece of [tools.slice(0, 500), tools.slice(500, 2000), tools.slice(2000)]) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        yield piece;
      }
    }
    const fast = print(await reconstructStream(slow(0)));
    const slower = print(await reconstructStream(slow(40)));
    expect(slower).toBe(fast);
    expect(fast).toBe(print(reconstruct(tools)));
    const response = print(await reconstructStream(new Response(tools, { headers: { 'content-type': 'text/event-stream' } })));
    expect(response).toBe(fast.replace('\n', '\n  http: 200 text/event-stream\n'));
  });

  test('stamped times never show, even in the frames table', () => {
    const frames = print(reconstruct(stamped(maxTokens, 2, 9000)), { frames: true });
    expect(frames).not.toMatch(/9\d00|12:00/);
    expect(frames).toMatchInlineSnapshot(`
      "Reconstruction chat-completions · complete · length_limit · 1 choice · 2 chars of text · 0 tool calls · 0 findings
        choice 0
          text: "{""
          finish: "length" (Generation stopped at the token limit (max_tokens / max_completion_tokens, or the context window). The answer is cut short; tool-call arguments may be unfinished JSON.)
        usage: {
          "completion_tokens": 1,
          "completion_tokens_details": {
            "reasoning_tokens": 0,
          },
          "prompt_tokens": 79,
          "total_tokens": 80,
        }
        findings: none
        frames:
          #0  line 1  chat.completion.chunk  role assistant (choice 0)
          #1  line 3  chat.completion.chunk  text +2 chars to choice 0
          #2  line 5  chat.completion.chunk  finish_reason length (choice 0)
          #3  line 7  chat.completion.chunk  usage
          #4  line 9  [DONE]  end: [DONE]"
    `);
  });
});

test('exported for snapshotSerializers: named test and serialize, and a default', () => {
  expect(defaultSerializer).toBe(serializer);
  expect(isReconstruction(reconstruct(tools))).toBe(true);
  expect(isReconstruction({ summary: 'looks like one' })).toBe(false);
  expect(serialize).toBe(serializer.serialize);
});
