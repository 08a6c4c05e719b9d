// The documented stream of a run's response object (response.ts): RUN_STARTED, the state, each message of the turn
// as its start, content and end events (tool calls after their message's text, results where they stand), then
// RUN_FINISHED or RUN_ERROR. Messages the run did not write (user, system, developer) travel in RUN_STARTED's input.
import type { SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';

function frame(event: Json): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

const INPUT_ROLES = new Set(['user', 'system', 'developer']);

function pieces(text: string, options: SynthesizeOptions): string[] {
  return cutPieces(text, options);
}

function toolCallFrames(call: Json, parentMessageId: string, options: SynthesizeOptions): string[] {
  const fn = isObject(call.function) ? call.function : {};
  const toolCallId = call.id;
  const frames = [frame({ type: 'TOOL_CALL_START', toolCallId, toolCallName: fn.name, parentMessageId })];
  for (const delta of pieces(typeof fn.arguments === 'string' ? fn.arguments : '', options)) frames.push(frame({ type: 'TOOL_CALL_ARGS', toolCallId, delta }));
  frames.push(frame({ type: 'TOOL_CALL_END', toolCallId }));
  if (typeof call.encryptedValue === 'string') frames.push(frame({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: toolCallId, encryptedValue: call.encryptedValue }));
  return frames;
}

function assistantFrames(message: Json, options: SynthesizeOptions): string[] {
  const messageId = message.id as string;
  const frames: string[] = [];
  if (typeof message.content === 'string') {
    frames.push(frame({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant', ...(typeof message.name === 'string' ? { name: message.name } : {}) }));
    for (const delta of pieces(message.content, options)) frames.push(frame({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta }));
    frames.push(frame({ type: 'TEXT_MESSAGE_END', messageId }));
  }
  for (const call of Array.isArray(message.toolCalls) ? message.toolCalls.filter(isObject) : []) frames.push(...toolCallFrames(call, messageId, options));
  return frames;
}

function reasoningFrames(message: Json, options: SynthesizeOptions): string[] {
  const messageId = message.id;
  const frames = [frame({ type: 'REASONING_START', messageId }), frame({ type: 'REASONING_MESSAGE_START', messageId, role: 'reasoning' })];
  for (const delta of pieces(typeof message.content === 'string' ? message.content : '', options)) frames.push(frame({ type: 'REASONING_MESSAGE_CONTENT', messageId, delta }));
  frames.push(frame({ type: 'REASONING_MESSAGE_END', messageId }));
  if (typeof message.encryptedValue === 'string') frames.push(frame({ type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: messageId, encryptedValue: message.encryptedValue }));
  frames.push(frame({ type: 'REASONING_END', messageId }));
  return frames;
}

function messageFrames(message: Json, options: SynthesizeOptions): string[] {
  switch (message.role) {
    case 'assistant':
      return assistantFrames(message, options);
    case 'reasoning':
      return reasoningFrames(message, options);
    case 'tool':
      return [frame({ type: 'TOOL_CALL_RESULT', messageId: message.id, toolCallId: message.toolCallId, content: message.content, role: 'tool' })];
    case 'activity':
      return [frame({ type: 'ACTIVITY_SNAPSHOT', messageId: message.id, activityType: message.activityType, content: message.content })];
    default:
      return [];
  }
}

function endFrame(run: Json): string {
  if (run.status === 'finished') {
    const event: Json = { type: 'RUN_FINISHED', threadId: run.threadId, runId: run.runId };
    for (const field of ['outcome', 'result', 'usage']) if (run[field] !== undefined) event[field] = run[field];
    return frame(event);
  }
  if (run.status === 'error') {
    const error = isObject(run.error) ? run.error : {};
    const event: Json = { type: 'RUN_ERROR', message: typeof error.message === 'string' ? error.message : '' };
    if (typeof error.code === 'string') event.code = error.code;
    if (run.usage !== undefined) event.usage = run.usage;
    return frame(event);
  }
  return '';
}

/** The documented stream for a run's response object. */
export function synthesize(response: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(response)) return '';
  const messages = Array.isArray(response.messages) ? response.messages.filter((message): message is Json => isObject(message) && typeof message.id === 'string') : [];
  const input = messages.filter((message) => INPUT_ROLES.has(String(message.role)));
  const started: Json = { type: 'RUN_STARTED', threadId: response.threadId, runId: response.runId };
  if (input.length > 0) started.input = { threadId: response.threadId, runId: response.runId, messages: input };
  const out = [frame(started)];
  if (response.state !== undefined) out.push(frame({ type: 'STATE_SNAPSHOT', snapshot: response.state }));
  for (const message of messages) out.push(...messageFrames(message, options));
  out.push(endFrame(response));
  return out.join('');
}
