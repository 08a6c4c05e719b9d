import type { Choice, ToolCall } from '../../model.js';
import { isObject, type Json } from '../json-shape.js';
import { setOwn } from '../../own-copy.js';
import type { Candidate } from './assembler.js';

export function candidateResponse(candidate: Candidate): Json {
  const out: Json = {};
  if (candidate.partsSeen || candidate.role !== undefined) {
    const content: Json = {};
    if (candidate.partsSeen) content.parts = candidate.parts;
    if (candidate.role !== undefined) content.role = candidate.role;
    out.content = content;
  }
  if (candidate.finishReason !== null) out.finishReason = candidate.finishReason;
  if (candidate.indexed) out.index = candidate.index;
  for (const [key, value] of candidate.fields) setOwn(out, key, value);
  return out;
}

export function choiceOf(candidate: Candidate): Omit<Choice, 'finishMeaning'> {
  let text = '';
  let reasoning: string | null = null;
  const toolCalls: ToolCall[] = [];
  for (const part of candidate.parts) {
    if (typeof part.text === 'string') {
      if (part.thought === true) reasoning = `${reasoning ?? ''}${part.text}`;
      else text += part.text;
    } else if (isObject(part.functionCall)) {
      toolCalls.push(toolCallOf(toolCalls.length, part.functionCall));
    }
  }
  const choice: Omit<Choice, 'finishMeaning'> = { index: candidate.index, text, toolCalls, finishReason: candidate.finishReason };
  if (reasoning !== null) choice.reasoning = reasoning;
  return choice;
}

function toolCallOf(n: number, call: Json): ToolCall {
  const input = call.args === undefined ? {} : call.args;
  return {
    index: n,
    id: typeof call.id === 'string' ? call.id : null,
    name: typeof call.name === 'string' ? call.name : '',
    arguments: JSON.stringify(input),
    input,
  };
}
