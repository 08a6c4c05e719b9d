import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reconstruct } from '../../../src/index.js';
import type { FindingCode, Reconstruction } from '../../../src/index.js';
import { gemini, GEMINI_FINISH_REASONS, parseJsonPath } from '../../../src/core/formats/gemini/index.js';
import { readPayload } from '../../../src/core/decode/payload.js';
import type { Frame } from '../../../src/core/decode/frame.js';

const dir = new URL('../../../fixtures/recorded/gemini/', import.meta.url);
const streamOf = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const read = (name: string) => reconstruct(streamOf(name));
const codes = (result: Reconstruction) => result.findings.map((finding) => finding.code);
type Json = Record<string, unknown>;
const candidate0 = (result: Reconstruction) => ((result.response as Json).candidates as Json[])[0] as Json;
const partsOf = (result: Reconstruction) => (candidate0(result).content as Json).parts as Json[];

/** A stream written by hand, framed as Gemini frames it. */
const frames = (...payloads: unknown[]) => payloads.map((payload) => `data: ${JSON.stringify(payload)}\r\n\r\n`).join('');
const text = (value: string, extra: Json = {}) => ({ candidates: [{ content: { parts: [{ text: value }], role: 'model' }, index: 0, ...extra }] });

/**
 * Every recorded stream: what it should give, and why its findings are right. `crlf` is Gemini's own framing;
 * the Firebase golden files were edited by hand (every frame says STOP, or an error body is appended raw).
 */
const CORPUS: Record<string, { verdict: string; outcome: string; findings: FindingCode[] }> = {
  'fantasy--gemini3-thinking-function-call.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'fantasy--parallel-function-calls.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'fantasy--vertex-parallel-function-calls.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  // One frame and no blank line after it: the capture dropped it.
  'firebase--prompt-blocked-safety.sse': { verdict: 'complete', outcome: 'filtered', findings: ['unterminated', 'prompt blocked', 'crlf'] },
  'firebase--recitation-no-content.sse': { verdict: 'complete', outcome: 'filtered', findings: ['crlf'] },
  'firebase--thinking-function-call-thought-summary.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  // Hand-edited: every frame already says STOP, so frames 1–5 come after the candidate finished.
  'firebase--vertex-citations.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf', ...Array<FindingCode>(5).fill('after end')] },
  // Hand-edited: both frames say STOP, and the error is appended as raw JSON lines, which SSE ignores.
  // Hand-edited: STOP on every frame, then a pretty-printed error body with no `data:` framing. A spec client ignores
  // those lines; the decoder reads them as one bare JSON document so the error is not lost.
  'firebase--vertex-error-mid-stream.sse': { verdict: 'did not finish', outcome: 'error_event', findings: ['after end', 'ignored line', 'after end', 'error event'] },
  'firebase--vertex-finish-reason-safety.sse': { verdict: 'complete', outcome: 'filtered', findings: ['crlf'] },
  // Hand-edited: STOP on every frame, then FAKE_ENUM; lines end in \n, so no crlf.
  // Firebase names this capture a streaming failure: a finishReason outside the enum is never ok.
  'firebase--vertex-unknown-finish-enum.sse': { verdict: 'complete', outcome: 'error_event', findings: [...Array<FindingCode>(5).fill('after end'), 'unknown finish reason'] },
  'firebase--vertex-utf8-cjk.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf', ...Array<FindingCode>(3).fill('after end')] },
  'js-genai--max-tokens.sse': { verdict: 'complete', outcome: 'length_limit', findings: ['crlf'] },
  'pydantic-ai--function-call.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  // Code execution parts are kept in the response but are not text or tool calls: named once per kind.
  'pydantic-ai--gemini-code-execution.sse': { verdict: 'complete', outcome: 'ok', findings: ['not assembled', 'crlf', 'not assembled'] },
  'pydantic-ai--gemini3-thought-signature-function-call.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'pydantic-ai--google-search-grounding.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'pydantic-ai--text.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'pydantic-ai--thinking-thought-parts.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'pydantic-ai--usage-live-mid-stream.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'pydantic-ai--vertex-flex-tier.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'vercel--vertex-streamed-function-call-arguments.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
  'vercel--vertex-streamed-nested-arguments.sse': { verdict: 'complete', outcome: 'ok', findings: ['crlf'] },
};

describe('Gemini: every recorded stream', () => {
  const names = readdirSync(dir).filter((name) => name.endsWith('.sse'));

  it('has an entry here for every fixture', () => {
    expect(names.sort()).toEqual(Object.keys(CORPUS).sort());
  });

  for (const name of names) {
    it(`${name} reads as Gemini with the findings it deserves`, () => {
      const result = read(name);
      const want = CORPUS[name];
      expect(result.format).toBe('gemini');
      expect({ verdict: result.verdict, outcome: result.outcome, findings: codes(result) }).toEqual(want);
    });
  }
});

describe('Gemini: what the sources asserted (.expected.json)', () => {
  it('pydantic-ai--text: text, finish reason and usage', () => {
    const expected = JSON.parse(streamOf('pydantic-ai--text.expected.json'));
    const result = read('pydantic-ai--text.sse');
    expect(result.choices[0]?.text).toBe(expected.text);
    expect(result.choices[0]?.finishReason).toBe(expected.finish_reason);
    expect(result.usage).toMatchObject(expected.usage);
  });

  it('pydantic-ai--usage-live-mid-stream: the usage after each frame is that frame\'s (cumulative, not summed)', () => {
    const expected = JSON.parse(streamOf('pydantic-ai--usage-live-mid-stream.expected.json'));
    const stream = streamOf('pydantic-ai--usage-live-mid-stream.sse');
    const pieces = stream.split('\r\n\r\n').filter((piece) => piece.length > 0);
    expected.usage_per_frame_as_asserted.forEach((want: { input_tokens: number; output_tokens: number }, i: number) => {
      const usage = reconstruct(`${pieces.slice(0, i + 1).join('\r\n\r\n')}\r\n\r\n`).usage as Json;
      expect(usage.promptTokenCount).toBe(want.input_tokens);
      expect((usage.candidatesTokenCount as number) + (usage.thoughtsTokenCount as number)).toBe(want.output_tokens);
    });
  });

  it('pydantic-ai--vertex-flex-tier: text, finish reason, usage with the Vertex traffic type', () => {
    const expected = JSON.parse(streamOf('pydantic-ai--vertex-flex-tier.expected.json'));
    const result = read('pydantic-ai--vertex-flex-tier.sse');
    expect(result.choices[0]?.text).toBe(expected.text);
    expect(result.choices[0]?.finishReason).toBe(expected.finish_reason);
    expect(result.usage).toMatchObject(expected.usage);
  });
});

describe('Gemini: assembly of recorded streams', () => {
  it('joins text across frames and keeps the last usage (reference §8)', () => {
    const result = read('pydantic-ai--text.sse');
    expect(partsOf(result)).toEqual([{ text: 'The capital of France is Paris.\n' }]);
    expect(result.usage).toMatchObject({ promptTokenCount: 13, candidatesTokenCount: 8, totalTokenCount: 21 });
    expect(result.response).toMatchObject({ modelVersion: 'gemini-2.0-flash-exp', responseId: 'w1peaMz6INOvnvgPgYfPiQY' });
  });

  it('puts thought parts in reasoning, never in text, and keeps them as separate parts', () => {
    const result = read('pydantic-ai--thinking-thought-parts.sse');
    const choice = result.choices[0];
    expect(choice?.reasoning?.startsWith('**')).toBe(true);
    expect(choice?.text.startsWith('This is a great question!')).toBe(true);
    expect(choice?.text).not.toContain(choice?.reasoning?.slice(0, 40));
    const kinds = partsOf(result).map((part) => (part.thought === true ? 'thought' : 'text'));
    expect(kinds).toEqual(['thought', 'text']);
  });

  it('gives function calls their own id when they carry one, and null otherwise (no id is made up)', () => {
    expect(read('fantasy--gemini3-thinking-function-call.sse').choices[0]?.toolCalls).toEqual([
      { index: 0, id: '9d532gc9', name: 'weather', arguments: '{"location":"Florence, Italy"}', input: { location: 'Florence, Italy' } },
    ]);
    expect(read('fantasy--parallel-function-calls.sse').choices[0]?.toolCalls).toEqual([
      { index: 0, id: null, name: 'add', arguments: '{"b":3,"a":2}', input: { b: 3, a: 2 } },
      { index: 1, id: null, name: 'multiply', arguments: '{"a":2,"b":3}', input: { a: 2, b: 3 } },
    ]);
  });

  it('keeps the synthetic id out of the response and the signature on the part it came with', () => {
    const parts = partsOf(read('fantasy--parallel-function-calls.sse'));
    expect(parts[0]?.functionCall).toEqual({ name: 'add', args: { b: 3, a: 2 } });
    expect(typeof parts[0]?.thoughtSignature).toBe('string');
    expect(parts[1]).toEqual({ functionCall: { name: 'multiply', args: { a: 2, b: 3 } } });
  });

  it('builds Vertex streamed arguments (willContinue / partialArgs) into whole calls', () => {
    const result = read('vercel--vertex-streamed-function-call-arguments.sse');
    expect(result.choices[0]?.toolCalls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([
      { name: 'getWeather', args: '{"location":"Boston"}' },
      { name: 'getWeather', args: '{"location":"San Francisco"}' },
    ]);
    const parts = partsOf(result);
    expect(parts).toHaveLength(2);
    expect(parts[1]).toEqual({ functionCall: { name: 'getWeather', args: { location: 'San Francisco' } } });
  });

  it('builds nested streamed arguments: objects, lists and continued strings', () => {
    const call = read('vercel--vertex-streamed-nested-arguments.sse').choices[0]?.toolCalls[0];
    const recipe = (call?.input as { recipe: { name: string; ingredients: unknown[]; steps: string[] } }).recipe;
    expect(call?.name).toBe('cookRecipe');
    expect(recipe.name).toBe('Lasagna');
    expect(recipe.ingredients).toHaveLength(10);
    expect(recipe.ingredients[0]).toEqual({ amount: '16 oz', name: 'Lasagna noodles' });
    expect(recipe.steps[1]).toBe('Cook lasagna noodles according to package directions, drain and set aside.');
    expect(recipe.steps[4]).toBe('In a 9x13 baking dish, spread a thin layer of meat sauce.');
    expect(JSON.parse(call?.arguments ?? '')).toEqual(call?.input);
  });

  it('names code-execution parts as not assembled and keeps them, in order, in the response', () => {
    const result = read('pydantic-ai--gemini-code-execution.sse');
    const messages = result.findings.filter((finding) => finding.code === 'not assembled').map((finding) => finding.message);
    expect(messages[0]).toContain('`executableCode`');
    expect(messages[1]).toContain('`codeExecutionResult`');
    const kinds = partsOf(result).map((part) => Object.keys(part).find((key) => key !== 'thoughtSignature'));
    expect(kinds).toEqual(['executableCode', 'text', 'codeExecutionResult', 'text', 'text']);
    // The last frame's empty text part is signed, so it stays a part of its own.
    expect(partsOf(result).slice(-1)[0]).toMatchObject({ text: '' });
    expect(result.choices[0]?.text).toBe('The result of $65465 - 6544 \\times 65464 - 6 + 1.02255$ is **-428,330,955.97745**.');
  });

  it('reports a blocked prompt: finished, filtered, the meaning of the reason and the advice to rephrase', () => {
    const result = read('firebase--prompt-blocked-safety.sse');
    const finding = result.findings.find((f) => f.code === 'prompt blocked');
    expect(finding?.message).toContain('SAFETY: the prompt was blocked for safety');
    expect(finding?.message).toContain('Rephrase the prompt.');
    expect(finding?.frame).toBe(0);
    expect(result.choices).toEqual([]);
    expect(result.response).toEqual({ promptFeedback: expect.objectContaining({ blockReason: 'SAFETY' }) });
  });

  it('classes RECITATION as filtered and joins the citations each frame carried', () => {
    const result = read('firebase--recitation-no-content.sse');
    expect(result.choices[0]?.finishReason).toBe('RECITATION');
    expect(result.choices[0]?.finishMeaning).toBe(GEMINI_FINISH_REASONS.reasons.RECITATION?.meaning);
    const sources = (candidate0(result).citationMetadata as { citationSources: unknown[] }).citationSources;
    expect(sources).toHaveLength(10);
  });

  it('keeps safety ratings and grounding metadata (latest non-empty value)', () => {
    expect(candidate0(read('firebase--vertex-finish-reason-safety.sse')).safetyRatings).toHaveLength(4);
    const grounding = candidate0(read('pydantic-ai--google-search-grounding.sse')).groundingMetadata as Json;
    expect(Object.keys(grounding)).toEqual(expect.arrayContaining(['searchEntryPoint', 'groundingChunks']));
  });

  it('keeps the last finish reason, and explains an unknown one as the judge does', () => {
    const choice = read('firebase--vertex-unknown-finish-enum.sse').choices[0];
    expect(choice?.finishReason).toBe('FAKE_ENUM');
    expect(choice?.finishMeaning).toContain('Not a finish reason this library knows');
  });

  it('assembles frames after every candidate finished (Gemini clients read to the end) and flags each', () => {
    const result = read('firebase--vertex-citations.sse');
    expect(result.choices[0]?.text.endsWith('Physics (YouTube Channel)')).toBe(true);
    expect(result.findings.find((f) => f.code === 'after end')?.message).toContain('candidate 0: STOP at frame 0');
  });
});

describe('Gemini: hand-made streams', () => {
  it('ends with an error frame: error event, the error object, did not finish', () => {
    const error = { code: 500, message: 'An internal error has occurred.', status: 'INTERNAL' };
    const result = reconstruct(frames(text('Hel'), { error }, text('lo')), { format: 'gemini' });
    expect(result.error).toEqual(error);
    expect(result.verdict).toBe('did not finish');
    expect(result.outcome).toBe('error_event');
    expect(codes(result)).toEqual(['crlf', 'error event', 'after end']);
    expect(result.findings[1]?.message).toContain('500 INTERNAL');
    expect(result.choices[0]?.text).toBe('Hel');
  });

  it('a stream that stops before any finish reason did not finish (the router says no end)', () => {
    const result = reconstruct(frames(text('Hel')));
    expect(result.verdict).toBe('did not finish');
    expect(codes(result)).toEqual(['crlf', 'no end']);
  });

  it('raises no finish reason for a candidate left without one while another finished', () => {
    const two = {
      candidates: [
        { content: { parts: [{ text: 'a' }] }, index: 0, finishReason: 'STOP' },
        { content: { parts: [{ text: 'b' }] }, index: 1 },
      ],
    };
    const result = reconstruct(frames(two));
    expect(codes(result)).toEqual(['no finish reason', 'crlf', 'no end']);
    expect(result.findings[0]?.message).toContain('Candidate 1');
    expect(result.verdict).toBe('did not finish');
    expect(result.choices.map((choice) => [choice.index, choice.text, choice.finishReason])).toEqual([
      [0, 'a', 'STOP'],
      [1, 'b', null],
    ]);
  });

  it('treats FINISH_REASON_UNSPECIFIED as no finish reason at all', () => {
    const result = reconstruct(frames(text('a', { finishReason: 'FINISH_REASON_UNSPECIFIED' })));
    expect(result.verdict).toBe('did not finish');
    expect(result.choices[0]?.finishReason).toBeNull();
  });

  it('joins unsigned text into the part before it, but starts a new part at a signature', () => {
    const result = reconstruct(
      frames(
        text('a'),
        text('b'),
        { candidates: [{ content: { parts: [{ text: 'c', thoughtSignature: 'c2lnbg==' }, { text: 'd' }] }, index: 0 }] },
        text('', { finishReason: 'STOP' }),
      ),
    );
    expect(partsOf(result)).toEqual([{ text: 'ab' }, { text: 'cd', thoughtSignature: 'c2lnbg==' }]);
    expect(result.choices[0]?.text).toBe('abcd');
  });

  it('reads a candidate with no index as candidate 0, orders candidates by index, and gives none an index it did not carry', () => {
    const result = reconstruct(
      frames({ candidates: [{ content: { parts: [{ text: 'one' }] }, index: 1, finishReason: 'STOP' }, { content: { parts: [{ text: 'zero' }] }, finishReason: 'STOP' }] }),
    );
    expect(result.choices.map((choice) => [choice.index, choice.text])).toEqual([
      [0, 'zero'],
      [1, 'one'],
    ]);
    expect(((result.response as Json).candidates as Json[]).map((c) => c.index)).toEqual([undefined, 1]);
    expect(Object.keys(((result.response as Json).candidates as Json[])[0] as Json)).not.toContain('index');
  });

  it('keeps the index of a candidate that carried it in one frame only, fast path or not', () => {
    const later = `data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: 'a' }], role: 'model' } }] })}\r\n\r\n${frames({ candidates: [{ content: { parts: [{ text: 'b' }], role: 'model' }, index: 0 }] })}${frames({ candidates: [{ content: { parts: [{ text: 'c' }], role: 'model' }, index: 0, finishReason: 'STOP' }] })}`;
    const response = reconstruct(later).response as Json;
    expect((response.candidates as Json[])[0]?.index).toBe(0);
  });

  it('leaves out a nameless function call with no streamed call open: tool call incomplete', () => {
    const result = reconstruct(frames({ candidates: [{ content: { parts: [{ functionCall: { args: { a: 1 } } }] }, index: 0, finishReason: 'STOP' }] }));
    expect(codes(result)).toEqual(['tool call incomplete', 'crlf']);
    expect(result.choices[0]?.toolCalls).toEqual([]);
  });

  it('names fields that are not GenerateContentResponse fields, and [DONE], and non-object data', () => {
    const stream = `${frames({ ...text('a', { finishReason: 'STOP' }), surprise: 1 })}data: [DONE]\r\n\r\ndata: [1,2]\r\n\r\n`;
    const result = reconstruct(stream, { format: 'gemini' });
    expect(codes(result)).toEqual(['not assembled', 'crlf', 'unknown event', 'unknown event']);
    expect(result.findings[0]?.message).toContain('`surprise`');
    expect(result.frames[1]?.type).toBe('[DONE]');
  });

  it('describes each frame in the frames table', () => {
    const result = read('pydantic-ai--thinking-thought-parts.sse');
    expect(result.frames[0]?.type).toBe('GenerateContentResponse');
    expect(result.frames[0]?.carried).toMatch(/^thought \+\d+ chars to candidate 0, usage$/);
    expect(result.frames[0]?.progress).toBe(true);
    const last = result.frames[result.frames.length - 1];
    expect(last?.carried).toContain('finishReason STOP for candidate 0');
  });

  it('appends a continued string only to the same path, and sets numbers, booleans and nulls', () => {
    const call = (functionCall: Json) => ({ candidates: [{ content: { parts: [{ functionCall }] }, index: 0 }] });
    const result = reconstruct(
      frames(
        call({ name: 'f', willContinue: true }),
        call({ partialArgs: [{ jsonPath: '$.a', stringValue: 'x', willContinue: true }], willContinue: true }),
        call({ partialArgs: [{ jsonPath: '$.a', stringValue: 'y' }], willContinue: true }),
        call({ partialArgs: [{ jsonPath: "$['b c'][1]", numberValue: 2 }, { jsonPath: '$.d', boolValue: true }, { jsonPath: '$.e', nullValue: 'NULL_VALUE' }], willContinue: true }),
        { candidates: [{ content: { parts: [{ functionCall: {} }] }, index: 0, finishReason: 'STOP' }] },
      ),
    );
    expect(result.choices[0]?.toolCalls[0]?.input).toEqual({ a: 'xy', 'b c': [null, 2], d: true, e: null });
    expect(codes(result)).toEqual(['crlf']);
  });
});

describe('Gemini: recognise', () => {
  const frame = { index: 0, event: 'message', data: '', lastEventId: '', dispatched: true, line: 1, endLine: 1, start: 0, end: 0 } as Frame;
  const score = (value: unknown) => gemini.recognise(frame, readPayload(JSON.stringify(value)));

  it('scores candidates 2, response-only fields 1, and everything else 0', () => {
    expect(score({ candidates: [] })).toBe(2);
    expect(score({ usageMetadata: { promptTokenCount: 1 } })).toBe(1);
    expect(score({ promptFeedback: { blockReason: 'SAFETY' } })).toBe(1);
    expect(score({ modelVersion: 'x' })).toBe(1);
    expect(score({ modelVersion: 'x', choices: [] })).toBe(0);
    expect(score({ usageMetadata: {}, type: 'message_delta' })).toBe(0);
    expect(score({ error: { code: 500, message: 'x', status: 'INTERNAL' } })).toBe(0);
    expect(gemini.recognise(frame, { kind: 'done' })).toBe(0);
  });
});

describe('Gemini: finish reasons and JSON paths', () => {
  it('lists every Candidate.FinishReason of the reference with a class', () => {
    const names = ['FINISH_REASON_UNSPECIFIED', 'STOP', 'MAX_TOKENS', 'SAFETY', 'RECITATION', 'OTHER', 'LANGUAGE', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'MALFORMED_FUNCTION_CALL', 'IMAGE_SAFETY', 'UNEXPECTED_TOOL_CALL', 'TOO_MANY_TOOL_CALLS', 'IMAGE_PROHIBITED_CONTENT', 'IMAGE_OTHER', 'NO_IMAGE', 'IMAGE_RECITATION'];
    expect(Object.keys(GEMINI_FINISH_REASONS.reasons).sort()).toEqual(names.sort());
    expect(GEMINI_FINISH_REASONS.reasons.STOP?.class).toBe('ok');
    expect(GEMINI_FINISH_REASONS.reasons.MAX_TOKENS?.class).toBe('length_limit');
    expect(GEMINI_FINISH_REASONS.reasons.SAFETY?.class).toBe('filtered');
    expect(GEMINI_FINISH_REASONS.source).toContain('generative_service.proto');
  });

  it('parses the paths Vertex sends, and refuses others', () => {
    expect(parseJsonPath('$.recipe.ingredients[0].amount')).toEqual(['recipe', 'ingredients', 0, 'amount']);
    expect(parseJsonPath("$['a.b'][\"c\"]")).toEqual(['a.b', 'c']);
    expect(parseJsonPath('recipe.name')).toBeNull();
    expect(parseJsonPath('$')).toBeNull();
    expect(parseJsonPath('$..deep')).toBeNull();
  });
});
