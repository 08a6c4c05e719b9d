// The assembled UIMessage (plus its `finish` part's reason) in the answer's words: text and reasoning parts joined
// in order, tool parts as calls with their input, `source-url` parts as citations. The stream carries no usage: the
// `finish` part has only a reason and message metadata, whose shape each app chooses.
import { emptyChoice, finishOf, objectsAt, textAt, toolCallOf } from '../../answer/read.js';
import type { AnswerChoice, FormatAnswer, UsageMapping } from '../../answer/types.js';
import { isObject, type Json } from '../json-shape.js';
import { UI_STREAM_FINISH_REASONS } from './finish-reasons.js';
import { isToolPart, toolNameOf } from './message.js';

/** The usage table docs/answer.md shows: there is none to map. */
export const USAGE_MAPPING: UsageMapping = {
  rule: 'The UI message stream carries no usage: `finish` has a reason and `messageMetadata` only, and an app that sends counts there chooses their shape. Every shared count is null.',
  source: 'vercel/ai ai@6.0.325 uiMessageChunkSchema (`finish`: finishReason, messageMetadata)',
  fields: { input: '—', output: '—', total: '—', cacheRead: '—', cacheWrite: '—', reasoning: '—' },
};

function choiceOf(message: Json): AnswerChoice {
  const answer = emptyChoice(0);
  for (const part of objectsAt(message, 'parts')) {
    const type = textAt(part, 'type') ?? '';
    if (type === 'text') answer.text += textAt(part, 'text') ?? '';
    else if (type === 'reasoning') answer.reasoning += textAt(part, 'text') ?? '';
    else if (type === 'source-url') {
      const title = textAt(part, 'title');
      answer.citations.push({ type, url: textAt(part, 'url') ?? '', ...(title !== null ? { title } : {}) });
    } else if (isToolPart(part)) {
      const input = part.input !== undefined ? part.input : part.rawInput;
      answer.toolCalls.push(toolCallOf(part.toolCallId, toolNameOf(part), part.providerExecuted === true ? 'server' : 'function', input));
    }
  }
  answer.finish = finishOf(UI_STREAM_FINISH_REASONS, textAt(message, 'finishReason'));
  return answer;
}

/** The UI message stream's part of the answer model: one choice, no usage. */
export const answer: FormatAnswer = {
  read(response) {
    if (!isObject(response)) return { choices: [], usage: null };
    return { choices: [choiceOf(response)], usage: null };
  },
  usage: USAGE_MAPPING,
};
