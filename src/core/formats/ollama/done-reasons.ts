// Ollama's `done_reason` values, what each means for the answer, and its class in the shared vocabulary.
import type { FinishReasonTable } from '../../model.js';

export const OLLAMA_DONE_REASONS: FinishReasonTable = {
  source: 'ollama/ollama docs/api.md ("Generate a completion", "Generate a chat completion": the final response) and server/routes.go (done_reason stop, length, load, unload); reference.md §3',
  read: '2026-12-02',
  reasons: {
    stop: { meaning: 'The model ended its answer (an end token or a stop sequence): the answer is whole. A turn that ends in tool calls also says `stop`.', class: 'ok', finish: 'stop' },
    length: { meaning: 'Generation stopped at the token limit (`options.num_predict`, or the context window): the answer is cut short.', class: 'length_limit', finish: 'length' },
    load: { meaning: 'The request only loaded the model (an empty prompt or no messages): there is no answer, and none was expected.', class: 'ok', finish: 'stop' },
    unload: { meaning: 'The request only unloaded the model (`keep_alive: 0` with an empty prompt): there is no answer, and none was expected.', class: 'ok', finish: 'stop' },
  },
};
