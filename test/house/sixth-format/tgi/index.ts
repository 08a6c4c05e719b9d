// The sixth format: Hugging Face text-generation-inference's `/generate_stream` (see assembler.ts).
import type { Frame, Payload } from '../../decode/frame.js';
import type { FinishReasonTable, FormatModule } from '../../model.js';
import { arbitraryParts, type FastCheckModule, type JsonArbitrary } from '../arbitrary-parts.js';
import { isObject } from '../json-shape.js';
import { answerWith } from './answer.js';
import { noExpectations } from '../../request/types.js';
import { synthesize, TgiAssembler } from './assembler.js';
import { ERROR_MESSAGE, errorFrame, httpErrorBody, TGI_ERRORS } from './errors.js';

function recognise(_frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const { token } = payload.value;
  return isObject(token) && 'special' in token && 'generated_text' in payload.value ? 2 : 0;
}

function arbitrary(fc: FastCheckModule): JsonArbitrary {
  const { text, count } = arbitraryParts(fc);
  return fc
    .record({ text, reason: fc.constantFrom('length', 'eos_token', 'stop_sequence'), tokens: count })
    .map(({ text: generated, reason, tokens }) => ({ generated_text: generated, details: { finish_reason: reason, generated_tokens: tokens, seed: null } }));
}

const FINISH_REASONS: FinishReasonTable = {
  source: 'huggingface/huggingface.js TextGenerationStreamFinishReason',
  read: '2026-12-01',
  reasons: {
    length: { meaning: 'Stopped at max_new_tokens: the answer is cut short.', class: 'length_limit', finish: 'length' },
    eos_token: { meaning: 'The model wrote its end-of-sequence token: the answer is whole.', class: 'ok', finish: 'stop' },
    stop_sequence: { meaning: 'A stop sequence was written: the answer is whole.', class: 'ok', finish: 'stop' },
  },
};

const answer = (text: string, reason: string) => ({ generated_text: text, details: { finish_reason: reason, generated_tokens: 7, seed: null } });

export const tgi: FormatModule<'tgi', typeof TGI_ERRORS> = {
  name: 'tgi',
  title: 'text-generation-inference',
  endFrame: 'the token frame with `details.finish_reason`',
  recognise,
  createAssembler: (context) => new TgiAssembler(context),
  synthesize,
  finishReasons: FINISH_REASONS,
  answer: answerWith(FINISH_REASONS),
  // TGI's request (`parameters.max_new_tokens`…) is not read yet: it asks nothing of the stream here.
  request: { expectations: () => noExpectations(), modelOf: () => null },
  errorStyles: [],
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule: {
    ends: (frame) => isObject(frame.json) && isObject(frame.json.details),
    withoutEnd: () => null,
  },
  errorProviders: ['huggingface'],
  errorTables: [TGI_ERRORS],
  fixtures: {
    specs: [
      { kind: 'text', title: 'A plain answer, ending `eos_token`', response: answer('The capital of France is Paris.', 'eos_token') },
      { kind: 'length-limit', title: 'Cut at max_new_tokens: `length`', response: answer('Once upon a time, in a land far', 'length'), outcome: 'length_limit' },
    ],
    findings: [],
  },
  arbitrary,
};
