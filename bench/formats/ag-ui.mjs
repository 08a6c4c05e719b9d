// AG-UI in the bench: its streams (a long text message; many tool calls with long arguments) and its contestant,
// @ag-ui/client 1.0.0's reader: transformHttpEventStream (its SSE parse, JSON decode and event check) then
// enforceEvents (each event validated against @ag-ui/core's schema), counting the text and the tool calls as they
// pass. That is the reading the client does before it orders or applies anything; ours does all of it and more.
import { enforceEvents, transformHttpEventStream } from '@ag-ui/client';
import { lastValueFrom, Observable, reduce } from 'rxjs';
import { fragments, pieces, SSE, Writer } from '../streams.mjs';

// The client warns on every event it strips; the bench reads its speed, not its console.
process.env.SUPPRESS_TRANSFORMATION_WARNINGS = 'true';

const THREAD = { threadId: 'thread_9b1f0c2e7d4a4a8e', runId: 'run_5c3e8f1a2b6d4c7e' };

function aguiText(targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  const messageId = 'msg_7f3a9c1e5b2d4f60';
  out.add(SSE({ type: 'RUN_STARTED', ...THREAD }));
  out.add(SSE({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' }));
  let textLength = 0;
  while (!out.full) {
    const delta = next();
    textLength += delta.length;
    out.add(SSE({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta }));
  }
  out.add(SSE({ type: 'TEXT_MESSAGE_END', messageId }));
  out.add(SSE({ type: 'RUN_FINISHED', ...THREAD }));
  return { out, expected: { textLength, toolCalls: 0 } };
}

function aguiTools(targetBytes, random) {
  const out = new Writer(targetBytes);
  const next = pieces(random);
  const messageId = 'msg_7f3a9c1e5b2d4f60';
  out.add(SSE({ type: 'RUN_STARTED', ...THREAD }));
  let call = 0;
  while (!out.full) {
    const toolCallId = `call_${String(call).padStart(24, 'x')}`;
    let content = '';
    const target = 2_000 + Math.floor(random() * 18_000);
    while (content.length < target) content += next();
    const args = JSON.stringify({ path: `src/module_${call}.ts`, content, overwrite: true });
    out.add(SSE({ type: 'TOOL_CALL_START', toolCallId, toolCallName: 'write_file', parentMessageId: messageId }));
    for (const delta of fragments(args, random)) out.add(SSE({ type: 'TOOL_CALL_ARGS', toolCallId, delta }));
    out.add(SSE({ type: 'TOOL_CALL_END', toolCallId }));
    call += 1;
  }
  out.add(SSE({ type: 'RUN_FINISHED', ...THREAD }));
  return { out, expected: { textLength: 0, toolCalls: call } };
}

/**
 * The bench streams of this format (bench/streams.mjs lists them). A function: streams.mjs and this file import
 * each other, and a function declaration is ready before either module has run.
 */
export function agUiStreams() {
  return [
    { name: 'agui-text', format: 'ag-ui', title: 'AG-UI text', sdk: 'ag-ui', peer: true, generate: aguiText },
    { name: 'agui-tools', format: 'ag-ui', title: 'AG-UI tool calls', sdk: 'ag-ui', peer: true, generate: aguiTools },
  ];
}

/**
 * The client's HTTP events for the stream: its headers, then each 64 KiB chunk, each after a turn of the event loop
 * as runHttpRequest emits a fetch body's reads (the client subscribes to its parser only after the headers).
 */
function httpEvents(stream, sample) {
  return new Observable((subscriber) => {
    let stopped = false;
    (async () => {
      await Promise.resolve();
      subscriber.next({ type: 'headers', status: 200, headers: new Headers({ 'content-type': 'text/event-stream' }) });
      for (const chunk of stream.chunks) {
        await Promise.resolve();
        if (stopped) return;
        subscriber.next({ type: 'data', data: chunk });
        if (sample) sample();
      }
      subscriber.complete();
    })();
    return () => void (stopped = true);
  });
}

async function aguiClient(stream, _input, sample) {
  const events = transformHttpEventStream(httpEvents(stream, sample)).pipe(enforceEvents(false));
  return lastValueFrom(
    events.pipe(
      reduce(
        (found, event) => {
          if (event.type === 'TEXT_MESSAGE_CONTENT') found.textLength += event.delta.length;
          else if (event.type === 'TOOL_CALL_START') found.toolCalls += 1;
          return found;
        },
        { textLength: 0, toolCalls: 0 },
      ),
    ),
  );
}

/** Its contestant (bench/contestants.mjs lists it among the SDK readers). */
export const AG_UI_SDKS = { 'ag-ui': { label: '@ag-ui/client transformHttpEventStream() + enforceEvents()', run: aguiClient } };
