// The Ollama rules, stated from the API documentation (src/core/formats/ollama/reference.md), apart from the
// library's assembler: each line a whole chunk; the `done` line ends the answer with its `done_reason`; an error line
// ends it in an error; nothing after either is read.
import { isObject } from '../../src/core/index.js';
import type { FormatOracle, Json, Shared } from './shared.js';

export function ollamaOracle(shared: Shared): FormatOracle {
  let ended = false;
  let error = false;
  let model: unknown;
  let endpoint: 'chat' | 'generate' | null = null;
  const reasons: string[] = [];
  return {
    read(frame) {
      if (ended) return void shared.codes.add('after end');
      const value = frame.json;
      if (!isObject(value)) return void shared.codes.add('not json');
      if ('error' in value && (typeof value.error === 'string' || isObject(value.error))) {
        ended = error = true;
        return void shared.codes.add('error event');
      }
      const kind = isObject(value.message) ? 'chat' : typeof value.response === 'string' ? 'generate' : null;
      if (kind === null) return void shared.codes.add('unknown event');
      if (endpoint === null) {
        endpoint = kind;
        model = value.model;
      } else if (kind !== endpoint || (value.model !== undefined && value.model !== model)) shared.codes.add('identity changed');
      const calls = kind === 'chat' && Array.isArray((value.message as Json).tool_calls) ? ((value.message as Json).tool_calls as unknown[]) : [];
      for (const call of calls) {
        const fn = isObject(call) && isObject(call.function) ? call.function : null;
        if (fn === null || typeof fn.name !== 'string' || fn.name === '') shared.codes.add('tool call incomplete');
        else if (fn.arguments !== undefined && !isObject(fn.arguments)) shared.codes.add('arguments not json');
      }
      if (value.done !== true) return;
      ended = true;
      if (typeof value.done_reason === 'string') reasons.push(value.done_reason);
      else shared.codes.add('no finish reason');
    },
    finish() {
      return { ended, error, reasons };
    },
  };
}
