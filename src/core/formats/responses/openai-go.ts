// openai-go's Responses streaming example (openai/openai-go@v3.52.0 examples/responses-streaming/main.go, the loop the
// README points to): `for stream.Next() { data := stream.Current(); print(data.Delta); if data.JSON.Text.Valid() {
// completeText = data.Text; break } }`, then `stream.Err()`. The caller's answer is the `text` of the first event that
// has one: `response.output_text.done`, but also a reasoning text or summary's `done`, which come first in a
// reasoning stream; the example reads no function calls. A stream cut before any `text` ends with "" and no error.
// The events are read as clients/openai-go-stream.ts reads them (two readers, split at v3.43.0). Not run here.
import { GO_BODY_FAILED, goStreamItems, type GoStreamVersion } from '../../clients/openai-go-stream.js';
import { endOfBody, field, runModel, type Handed } from '../../clients/run.js';
import type { ClientBody, ClientProfile, ClientRun } from '../../clients/types.js';

function goExample(version: GoStreamVersion, versions: string): ClientProfile {
  return {
    client: 'openai-go',
    reader: 'for stream.Next() { print(data.Delta); if data.JSON.Text.Valid() { completeText = data.Text; break } }',
    versions,
    source: 'openai/openai-go@v3.52.0 examples/responses-streaming/main.go (lines 23-31), packages/ssestream/ssestream.go; modelled from the source, not run',
    installable: false,
    read(body: ClientBody): ClientRun {
      const handed: Handed = { text: '', toolCalls: [], notes: [] };
      return runModel(handed, () => {
        let printed = 0;
        for (const event of goStreamItems(body.text, version)) {
          if (typeof field(event, 'delta') === 'string') printed++;
          const text = field(event, 'text');
          if (typeof text !== 'string') continue;
          handed.text = text;
          if (field(event, 'type') !== 'response.output_text.done') handed.notes.push(`the answer is the text of a ${String(field(event, 'type'))} event, the first event with a text`);
          // `break`: the rest of the body is not read.
          return { ends: 'returns', thrown: null, ...handed };
        }
        if (printed > 0) handed.notes.push(`${printed} deltas were printed, but no event carried a text: the answer is empty`);
        return endOfBody(body.ending, handed, GO_BODY_FAILED);
      });
    },
  };
}

/** Before v3.43.0: a block without data ends the stream with an error. */
export const openaiGoResponsesBefore343 = goExample('dispatches-empty', '>=3.0.0 <3.43.0');

/** v3.43.0 to v3.52.0. */
export const openaiGoResponses = goExample('skips-empty', '>=3.43.0 <=3.52.0');
