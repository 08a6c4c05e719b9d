import type { Assembly } from '../../model.js';
import type { EndRule } from '../format-parts.js';

/** `data: [DONE]` ends a finished answer; taking the end away drops that frame. */
export const endRule: EndRule = {
  ends: (frame) => frame.done,
  withoutEnd: () => null,
  noEnd: sentinelOnly,
};

/** When every choice has its finish reason, only `[DONE]` is missing: say whether the usage came before it. */
function sentinelOnly(assembly: Assembly): string | null {
  const finished = assembly.choices.length > 0 && assembly.choices.every((choice) => choice.finishReason !== null);
  if (!finished) return null;
  const every = assembly.choices.length === 1 ? 'The one choice has' : `Every choice (${assembly.choices.length}) has`;
  return assembly.usage !== null
    ? `${every} a finish reason and the usage arrived, so the answer is probably whole and only the sentinel is missing (some providers never send it). A client that waits for \`[DONE]\` hangs or drops the answer: send \`data: [DONE]\` after the last chunk.`
    : `${every} a finish reason, so every choice finished and only the sentinel is missing (older servers, TGI among them, never send it). If the request asked for usage (\`stream_options.include_usage\`), the usage chunk that comes before \`[DONE]\` is missing too, and the stream was cut just before it. A client that waits for \`[DONE]\` hangs or drops the answer: send \`data: [DONE]\` after the last chunk.`;
}
