// The sixth format's part of the answer model: its generated text, its finish reason, and its one count.
import { emptyChoice, finishOf } from '../../answer/read.js';
import type { FormatAnswer } from '../../answer/types.js';
import type { FinishReasonTable } from '../../model.js';
import { isObject } from '../json-shape.js';

/** Reads a `/generate` response with the format's finish-reason table. */
export function answerWith(table: FinishReasonTable): FormatAnswer {
  return {
    read(response) {
      if (!isObject(response)) return { choices: [], usage: null };
      const choice = emptyChoice(0);
      choice.text = typeof response.generated_text === 'string' ? response.generated_text : '';
      const details = isObject(response.details) ? response.details : {};
      choice.finish = finishOf(table, typeof details.finish_reason === 'string' ? details.finish_reason : null);
      const output = typeof details.generated_tokens === 'number' ? details.generated_tokens : null;
      return { choices: [choice], usage: output === null ? null : { input: null, output, total: null, cacheRead: null, cacheWrite: null, reasoning: null } };
    },
    usage: {
      rule: 'Only the generated tokens are counted.',
      source: 'huggingface/huggingface.js TextGenerationStreamDetails',
      fields: { input: '—', output: 'details.generated_tokens', total: '—', cacheRead: '—', cacheWrite: '—', reasoning: '—' },
    },
  };
}
