// A choice's `delta`, field by field: text, refusal, reasoning (the providers' fields too), Mistral's content
// parts, the deprecated `function_call`, audio. Tool call fragments are in tool-calls.ts.
import { setOwn } from '../../own-copy.js';
import { kindOf } from '../../words.js';
import { isIndex, isObject, type Json } from '../json-shape.js';
import { phraseFamily } from '../phrases.js';
import { type ChatFindings, type ChoiceState, type ContentPart, type FrameNotes, PROVIDER_DELTA_FIELDS } from './state.js';
import { readToolFragment } from './tool-calls.js';

const TEXT_TO_CHOICE = phraseFamily((index, count) => `text +${count} chars to choice ${index}`);
const REASONING_TO_CHOICE = phraseFamily((index, count) => `reasoning +${count} chars to choice ${index}`);
const REASONING_DETAILS_TO_CHOICE = phraseFamily((index, count) => `reasoning_details text +${count} chars to choice ${index}`);
const REFUSAL_TO_CHOICE = phraseFamily((index, count) => `refusal +${count} chars to choice ${index}`);

export function readDelta(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, delta: Json): void {
  for (const key in delta) {
    if (!Object.hasOwn(delta, key)) continue;
    const value = delta[key];
    switch (key) {
      case 'role':
        if (typeof value === 'string') {
          state.role = value;
          notes.roles.push(`role ${value} (choice ${state.index})`);
        } else if (value != null) badDeltaField(reader, notes, state, key, value);
        break;
      case 'content':
        readContent(reader, notes, state, value);
        break;
      case 'refusal':
        readRefusal(reader, notes, state, value);
        break;
      case 'tool_calls':
        if (Array.isArray(value)) for (let position = 0; position < value.length; position += 1) readToolFragment(reader, notes, state, value[position], position);
        else if (value != null) badDeltaField(reader, notes, state, key, value);
        break;
      case 'function_call':
        readFunctionCall(reader, notes, state, value);
        break;
      case 'audio':
        readAudio(reader, notes, state, value);
        break;
      case 'reasoning_content':
      case 'reasoning':
        readReasoning(reader, notes, state, key, value);
        break;
      case 'reasoning_details':
        readReasoningDetails(reader, notes, state, value);
        break;
      case 'annotations':
        readAnnotations(reader, notes, state, value);
        break;
      default:
        if (!PROVIDER_DELTA_FIELDS.has(key)) unknownDeltaField(reader, notes, state, key);
    }
  }
}

export function readContent(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, value: unknown): void {
  if (typeof value === 'string') {
    appendText(notes, state, value);
  } else if (Array.isArray(value)) {
    for (const part of value) readContentPart(reader, notes, state, part);
  } else if (value != null) {
    badDeltaField(reader, notes, state, 'content', value);
  }
}

/** `text` may be a view of the input chunk: the PieceText copies it, a content part needs its own copy. */
export function appendText(notes: FrameNotes, state: ChoiceState, text: string): void {
  if (text === '') return;
  notes.places.appended('text', state.index, state.text.length, notes.frame.index);
  state.text.push(text);
  if (state.contentParts) pushPart(state.contentParts, 'text', text);
  notes.carried.push(TEXT_TO_CHOICE(state.index, text.length));
  notes.progress = true;
}

/** Mistral sends content as parts: `{type:'text', text}` and `{type:'thinking', thinking:[{type:'text', text}]}`. */
function readContentPart(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, part: unknown): void {
  state.contentParts ??= state.text.length === 0 ? [] : [{ type: 'text', text: state.text.text }];
  if (isObject(part) && part.type === 'text' && typeof part.text === 'string') return appendText(notes, state, part.text);
  if (isObject(part) && part.type === 'thinking' && Array.isArray(part.thinking)) {
    const text = part.thinking.map((inner) => (isObject(inner) && typeof inner.text === 'string' ? inner.text : '')).join('');
    if (text === '') return;
    pushPart(state.contentParts, 'thinking', text);
    notes.places.appended('reasoning', state.index, state.reasoning.length, notes.frame.index);
    state.reasoning += text;
    notes.carried.push(REASONING_TO_CHOICE(state.index, text.length));
    notes.progress = true;
    return;
  }
  const type = isObject(part) && typeof part.type === 'string' ? part.type : kindOf(part);
  reader.notAssembled(notes, `content part:${type}`, `Frame ${notes.frame.index} carries a content part of type ${JSON.stringify(type)} for choice ${state.index}; only text and thinking parts are assembled, so it was left out.`, `content part ${type} not read`);
}

export function readRefusal(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, value: unknown): void {
  if (typeof value === 'string') {
    if (value === '') return;
    notes.places.appended('refusal', state.index, state.refusal.length, notes.frame.index);
    state.refusal += value;
    notes.carried.push(REFUSAL_TO_CHOICE(state.index, value.length));
    notes.progress = true;
  } else if (value != null) {
    badDeltaField(reader, notes, state, 'refusal', value);
  }
}

export function readReasoning(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, key: 'reasoning_content' | 'reasoning', value: unknown): void {
  if (typeof value === 'string') {
    if (value === '') return;
    notes.places.appended('reasoning', state.index, state.reasoning.length, notes.frame.index);
    state.reasoning += value;
    state.reasoningFields.set(key, (state.reasoningFields.get(key) ?? '') + value);
    notes.carried.push(REASONING_TO_CHOICE(state.index, value.length));
    notes.progress = true;
  } else if (value != null) {
    badDeltaField(reader, notes, state, key, value);
  }
}

/** OpenRouter's `reasoning_details`: entries joined by their `index`, their text appended. */
function readReasoningDetails(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, value: unknown): void {
  if (!Array.isArray(value)) {
    if (value != null) badDeltaField(reader, notes, state, 'reasoning_details', value);
    return;
  }
  for (const entry of value) {
    if (!isObject(entry)) continue;
    const key = isIndex(entry.index) ? `index ${entry.index}` : `entry ${reader.nextDetailEntry()}`;
    const target = state.reasoningDetails.get(key);
    if (target) mergeDetail(target, entry);
    else state.reasoningDetails.set(key, { ...entry });
    // `reasoning.text` is readable reasoning, whether or not a `reasoning` string came with it.
    if (entry.type === 'reasoning.text' && typeof entry.text === 'string' && entry.text !== '') {
      // The details' text is the reasoning only when no reasoning string came (see the assembler's finishChoice).
      if (state.reasoning === '') notes.places.appended('reasoning', state.index, state.detailText.length, notes.frame.index);
      state.detailText += entry.text;
      notes.carried.push(REASONING_DETAILS_TO_CHOICE(state.index, entry.text.length));
      notes.progress = true;
    }
  }
}

/** OpenRouter's `annotations` (url_citation items from web search): appended, in order, to the message's list. */
function readAnnotations(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, value: unknown): void {
  if (!Array.isArray(value)) {
    if (value != null) badDeltaField(reader, notes, state, 'annotations', value);
    return;
  }
  const list = (state.annotations ??= []);
  for (const item of value as unknown[]) list.push(item);
  if (value.length > 0) notes.carried.push(`annotations +${value.length} (choice ${state.index})`);
}

function readFunctionCall(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, value: unknown): void {
  if (!isObject(value)) {
    if (value != null) badDeltaField(reader, notes, state, 'function_call', value);
    return;
  }
  const call = (state.functionCall ??= { name: '', arguments: '', frame: notes.frame.index });
  if (typeof value.name === 'string' && value.name !== '') call.name = value.name;
  if (typeof value.arguments === 'string' && value.arguments !== '') {
    call.arguments += value.arguments;
    notes.carried.push(`function_call arguments +${value.arguments.length} chars (choice ${state.index})`);
    notes.progress = true;
  }
}

/** Audio output, as the official SDK joins it: id and expiry set, data and transcript appended. */
function readAudio(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, value: unknown): void {
  if (!isObject(value)) {
    if (value != null) badDeltaField(reader, notes, state, 'audio', value);
    return;
  }
  const audio = (state.audio ??= {});
  for (const key of Object.keys(value)) {
    const piece = value[key];
    if ((key === 'data' || key === 'transcript') && typeof piece === 'string') {
      audio[key] = (typeof audio[key] === 'string' ? audio[key] : '') + piece;
      notes.progress ||= piece !== '';
    } else if (piece != null) {
      setOwn(audio, key, piece);
    }
  }
  notes.carried.push(`audio (choice ${state.index})`);
}

function pushPart(parts: ContentPart[], type: ContentPart['type'], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.type === type) last.text += text;
  else parts.push({ type, text });
}

/** Joins a `reasoning_details` fragment into its entry: text and summary appended, other fields set when given. */
function mergeDetail(target: Json, entry: Json): void {
  for (const key of Object.keys(entry)) {
    const value = entry[key];
    if ((key === 'text' || key === 'summary' || key === 'data') && typeof value === 'string') {
      target[key] = (typeof target[key] === 'string' ? target[key] : '') + value;
    } else if (value != null && value !== '') {
      setOwn(target, key, value);
    } else if (!Object.hasOwn(target, key)) {
      setOwn(target, key, value);
    }
  }
}

function unknownDeltaField(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, key: string): void {
  reader.notAssembled(
    notes,
    `delta:${key}`,
    `Frame ${notes.frame.index} carries \`delta.${key}\` for choice ${state.index}. It is not in OpenAI's chunk schema, nor one of the provider fields this library reads (\`reasoning_content\`, \`reasoning\`, \`reasoning_details\`, \`annotations\`) or knows to leave (\`channel\`, \`token_id\`), so it was not assembled. Later frames that carry it are marked in the frames table.`,
    `delta.${key} not read`,
  );
}

function badDeltaField(reader: ChatFindings, notes: FrameNotes, state: ChoiceState, key: string, value: unknown): void {
  reader.notAssembled(
    notes,
    `delta:${key}:${kindOf(value)}`,
    `Frame ${notes.frame.index} carries \`delta.${key}\` as ${kindOf(value)} for choice ${state.index}, a shape the format does not give it; it was not assembled. Later frames like it are marked in the frames table.`,
    `delta.${key} is ${kindOf(value)}: not read`,
  );
}
