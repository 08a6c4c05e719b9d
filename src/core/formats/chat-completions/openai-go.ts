// openai-go's `for stream.Next() { chunk := stream.Current() … }; if stream.Err() != nil { … }` over a Chat
// Completions stream (openai/openai-go v3, packages/ssestream/ssestream.go; clients/openai-go-stream.ts), joined as
// a caller joins it: `if len(chunk.Choices) > 0 { text += chunk.Choices[0].Delta.Content }`, tool calls by `Index`.
// Go's JSON reading gives a missing or mistyped field its zero value: a fragment without an index joins call 0, a
// content that is not a string is "". Two profiles, one per reader: before v3.43.0 a block without data (a `: ping`
// comment, an `event:` line alone) ends the stream with an error. No oracle runs here (Go): the tests are
// hand-written bodies, each citing the source line it follows.
import { GO_BODY_FAILED, goStreamItems, type GoStreamVersion } from '../../clients/openai-go-stream.js';
import { endOfBody, field, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';
import { ToolCallJoin } from './openai-node.js';

/** Go's zero value for an integer field: a number stays, anything else reads as 0. */
const goIndex = (fragment: unknown): string => {
  const index = field(fragment, 'index');
  return typeof index === 'number' && Number.isInteger(index) ? String(index) : '0';
};

function readChunk(chunk: unknown, handed: Handed, calls: ToolCallJoin): void {
  const choices = field(chunk, 'choices');
  if (!Array.isArray(choices) || choices.length === 0) return;
  const delta = field(choices[0], 'delta');
  const content = field(delta, 'content');
  if (typeof content === 'string') handed.text += content;
  calls.add(field(delta, 'tool_calls'));
  handed.toolCalls = calls.list();
}

function goLoop(version: GoStreamVersion, versions: string, lines: string): ClientProfile {
  return {
    client: 'openai-go',
    reader: 'for stream.Next() { chunk.Choices[0].Delta.Content }; stream.Err()',
    versions,
    source: `openai/openai-go packages/ssestream/ssestream.go (${lines}); modelled from the source, not run (no Go oracle here)`,
    installable: false,
    read(body: ClientBody): ClientRun {
      const handed: Handed = { text: '', toolCalls: [], notes: [] };
      const calls = new ToolCallJoin(goIndex);
      return runModel(handed, () => {
        for (const chunk of goStreamItems(body.text, version)) readChunk(chunk, handed, calls);
        // After `[DONE]` too, the body is read to its end: a reset fails the stream, a body left open waits.
        return endOfBody(body.ending, handed, GO_BODY_FAILED);
      });
    },
  };
}

/** openai-go v3 before v3.43.0: a block without data is an event with empty data, and json.Unmarshal fails on it. */
export const openaiGoLoopBefore343 = goLoop('dispatches-empty', '>=3.0.0 <3.43.0', '@v3.42.0 eventStreamDecoder.Next line 84, Stream.Next lines 181-225');

/** openai-go v3.43.0 to v3.52.0: blocks without data are skipped (114224d). */
export const openaiGoLoop = goLoop('skips-empty', '>=3.43.0 <=3.52.0', '@v3.52.0 eventStreamDecoder.Next lines 82-86 and 103, Stream.Next lines 177-221');
