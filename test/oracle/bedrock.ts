// Bedrock ConverseStream's rules, stated apart from the library's assembler: events named by the frame (the SSE
// rendering the text faces use: `event:` the name, `data:` the members), blocks at their contentBlockIndex (a tool
// use opens with contentBlockStart, text and reasoning with their first delta), messageStop the end, metadata last,
// an exception the end of a failed stream, before metadata even after messageStop.
import { formatModule, isObject, type FrameFields } from '../../src/core/index.js';
import { lost, parses, type FormatOracle, type Shared } from './shared.js';

const EVENTS = new Set(['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata']);
const EXCEPTIONS = new Set(['internalServerException', 'modelStreamErrorException', 'validationException', 'throttlingException', 'serviceUnavailableException', 'modelTimeoutException']);

type Kind = 'text' | 'toolUse' | 'reasoning';

function kindOf(delta: Record<string, unknown>): Kind | null {
  if (typeof delta.text === 'string') return 'text';
  if ('toolUse' in delta) return 'toolUse';
  return 'reasoning' in delta || 'reasoningContent' in delta ? 'reasoning' : null;
}

/** Whether a frame is a ConverseStream event or exception: its name and members. */
export function bedrockEventOf(frame: FrameFields): { name: string; body: Record<string, unknown> } | null {
  const value = frame.json;
  if (!isObject(value)) return null;
  if (EVENTS.has(frame.event) || EXCEPTIONS.has(frame.event)) return { name: frame.event, body: value };
  const keys = Object.keys(value);
  const key = keys[0];
  return keys.length === 1 && key !== undefined && (EVENTS.has(key) || EXCEPTIONS.has(key)) && isObject(value[key]) ? { name: key, body: value[key] } : null;
}

export function bedrockOracle(shared: Shared): FormatOracle {
  let started = false;
  let noStart = false;
  let stopped = false;
  let done = false;
  let error = false;
  const reasons: string[] = [];
  const blocks = new Map<number, { open: boolean; kind: Kind; json: string }>();
  const table = formatModule('bedrock').finishReasons.reasons;
  const needStart = () => {
    if (started || noStart) return;
    noStart = true;
    lost(shared, 'no start');
  };
  const readDelta = (index: number, delta: Record<string, unknown>) => {
    const kind = kindOf(delta);
    if (kind === null) return void shared.codes.add('not assembled');
    let block = blocks.get(index);
    if (block === undefined) {
      if (kind === 'toolUse') lost(shared, 'block unstarted');
      block = { open: true, kind, json: '' };
      blocks.set(index, block);
    }
    if (!block.open) shared.codes.add('after end');
    if (block.kind !== kind) return lost(shared, 'delta mismatch');
    if (kind === 'toolUse' && isObject(delta.toolUse) && typeof delta.toolUse.input === 'string') block.json += delta.toolUse.input;
  };
  return {
    read(frame) {
      const event = bedrockEventOf(frame);
      if (event === null) return void shared.codes.add('unknown event');
      // Between messageStop and metadata only metadata belongs; an exception there still fails the stream (the SDK
      // throws it wherever it comes), so it is read below, not set aside.
      if (error || done || (stopped && event.name !== 'metadata' && !EXCEPTIONS.has(event.name))) return void shared.codes.add('after end');
      const { name, body } = event;
      if (EXCEPTIONS.has(name)) {
        error = true;
        return void shared.codes.add('error event');
      }
      if (name === 'messageStart') {
        if (started) {
          shared.codes.add('block restarted');
          if (blocks.size > 0) shared.missing = true;
        }
        started = true;
        return;
      }
      if (name === 'metadata') {
        done = true;
        return;
      }
      needStart();
      if (name === 'messageStop') {
        stopped = true;
        if (typeof body.stopReason !== 'string') return void shared.codes.add('no finish reason');
        reasons.push(body.stopReason);
        if (!Object.hasOwn(table, body.stopReason)) shared.codes.add('unknown finish reason');
        return;
      }
      const index = body.contentBlockIndex;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return void shared.codes.add('block no index');
      if (name === 'contentBlockStart') {
        if (blocks.has(index)) lost(shared, 'block restarted');
        const start = isObject(body.start) ? body.start : {};
        if (!isObject(start.toolUse)) shared.codes.add('not assembled');
        blocks.set(index, { open: true, kind: isObject(start.toolUse) ? 'toolUse' : 'text', json: '' });
      } else if (name === 'contentBlockDelta') readDelta(index, isObject(body.delta) ? body.delta : {});
      else {
        const block = blocks.get(index);
        if (block === undefined) return lost(shared, 'block unstarted');
        block.open = false;
        if (block.kind === 'toolUse' && block.json !== '' && !parses(block.json)) shared.codes.add('arguments not json');
      }
    },
    finish() {
      if (!error && [...blocks.values()].some((block) => block.open)) {
        shared.codes.add('block open');
        if (stopped) shared.missing = true;
      }
      if (stopped && !done && !error) shared.codes.add('metadata missing');
      if (done && !stopped) shared.codes.add('no end');
      return { ended: stopped || error, error, reasons };
    },
  };
}
