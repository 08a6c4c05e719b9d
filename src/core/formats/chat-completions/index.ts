/**
 * Chat Completions (`chat.completion.chunk` frames, ended by `data: [DONE]`): OpenAI's format, also spoken by xAI,
 * DeepSeek, Groq, OpenRouter, Mistral, Together and most gateways. Assembles the answer per choice index and
 * writes the `chat.completion` object the stream stands for. The parts are in chat-completions/.
 */
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { answer } from './answer.js';
import { request } from './request.js';
import { chatCompletionsAccelerator } from './accelerator.js';
import { arbitrary } from './arbitrary.js';
import { ChatAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { ERROR_MESSAGE, ERROR_STYLES, errorFrame, GROQ_ERRORS } from './errors.js';
import { finishReasons } from './finish-reasons.js';
import { fixtures } from './fixtures.js';
import { synthesize } from './synthesize.js';
import { chatResponseOf } from './response-of.js';
import { openAiHttpErrorBody, OPENAI_ERRORS } from '../openai-errors.js';
import { isObject } from '../json-shape.js';
import { CHAT_OUTPUT } from './output-count.js';
import { fragmentIndex } from './fragment-index.js';
import { clients } from './clients.js';

function recognise(_frame: Frame, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const value = payload.value;
  if (value.object === 'chat.completion.chunk') return 2;
  if (Array.isArray(value.choices) && value.choices.some((choice) => isObject(choice) && 'delta' in choice)) return 1;
  return 0;
}

export const chatCompletions: FormatModule<'chat-completions', typeof OPENAI_ERRORS | typeof GROQ_ERRORS> = {
  name: 'chat-completions',
  title: 'Chat Completions',
  endFrame: '`data: [DONE]`',
  recognise,
  createAssembler: (context) => new ChatAssembler(context),
  synthesize,
  responseOf: chatResponseOf,
  finishReasons,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody: openAiHttpErrorBody,
  endRule,
  errorProviders: ['openai', 'groq', 'salyro'],
  errorTables: [OPENAI_ERRORS, GROQ_ERRORS],
  fixtures,
  arbitrary,
  accelerator: chatCompletionsAccelerator,
  output: CHAT_OUTPUT,
  fragmentIndex,
  clients,
};
