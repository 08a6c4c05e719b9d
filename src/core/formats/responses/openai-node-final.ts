// openai-node's `client.responses.stream(params)` then `await stream.finalResponse()`, modelled from openai@6.49.0
// src/lib/responses/ResponseStream.ts (#addEvent, #endRequest, _createOrRetrieveResponse), src/lib/EventStream.ts
// (#handleError: an error that is not the SDK's own reaches the caller as an OpenAIError with its message) and
// src/lib/ResponsesParser.ts (maybeParseResponse). The promise resolves with the last snapshot whenever the body
// closes after a `response.created`, whatever its status: a stream cut before `response.completed` resolves with the
// status the last lifecycle event gave (`in_progress`). An `error` event rejects it with the event object itself.
import { asOpenAiError, openaiStreamItems } from '../../clients/openai-stream.js';
import { iterate, member } from '../../clients/js-values.js';
import { ClientThrow, endOfBody, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { accumulateResponse, addOutputText, type ResponseSnapshot } from './openai-node-accumulator.js';
import { handedCall } from './openai-node.js';

/** maybeParseResponse without parseable params: every message's content must map; the caller's text and calls. */
function finalize(snapshot: ResponseSnapshot, handed: Handed): ClientRun {
  const output = member(snapshot, 'output');
  if (!Array.isArray(output)) throw new ClientThrow('TypeError: response.output.map is not a function');
  for (const item of output) {
    if (member(item, 'type') === 'message' && !Array.isArray(member(item, 'content'))) throw new ClientThrow('TypeError: item.content.map is not a function');
  }
  const own = Object.prototype.hasOwnProperty.call(snapshot, 'output_text');
  const kept = member(snapshot, 'output_text');
  const parsed: ResponseSnapshot = { output };
  if (own && kept !== null && kept !== undefined) parsed.output_text = kept;
  else addOutputText(parsed);
  const text = parsed.output_text;
  const status = member(snapshot, 'status');
  if (status !== 'completed') handed.notes.push(`finalResponse() resolved with status ${JSON.stringify(status)}: the stream did not say it completed`);
  const calls = iterate(output).filter((item) => item !== null && item !== undefined && member(item, 'type') === 'function_call');
  return { ends: 'returns', thrown: null, ...handed, text: typeof text === 'string' ? text : '', toolCalls: calls.map(handedCall) };
}

/** `client.responses.stream(params)` then `await stream.finalResponse()`: `output_text` and the function call items. */
export const openaiNodeResponsesFinal: ClientProfile = {
  client: 'openai-node',
  reader: 'responses.stream().finalResponse()',
  versions: '>=6.0.0 <7',
  source: 'openai/openai-node@v6.49.0 src/lib/responses/ResponseStream.ts, src/lib/responses/ResponseAccumulator.ts (accumulateResponse)',
  installable: true,
  read(body: ClientBody): ClientRun {
    const handed: Handed = { text: '', toolCalls: [], notes: [] };
    let snapshot: ResponseSnapshot | undefined;
    let rejectedWith: string | null = null;
    const run = runModel(handed, () => {
      for (const event of openaiStreamItems(body.text)) {
        snapshot = accumulateResponse(event, snapshot);
        if (member(event, 'type') !== 'error') continue;
        // #addEvent emits each event under its type: an `error` event is emitted as the helper's own 'error', which
        // rejects the promise with the event object itself (a plain object, not an Error), whatever follows.
        rejectedWith = `Object: ${String(member(event, 'message') ?? '[object Object]')}`;
        handed.notes.push('finalResponse() rejected with the `error` event itself, a plain object and not an Error');
        return { ends: 'throws', thrown: rejectedWith, ...handed };
      }
      const ended = endOfBody(body.ending, handed);
      if (ended.ends !== 'returns') return ended;
      if (snapshot === undefined) throw new ClientThrow('OpenAIError: request ended without sending any events');
      return finalize(snapshot, handed);
    });
    return rejectedWith !== null ? run : { ...run, thrown: asOpenAiError(run.thrown) };
  },
};

