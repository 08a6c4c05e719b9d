// The documented stream of a `behavior.run` object: the inverse of the assembly, for fixtures and the server.
import type { SynthesizeOptions } from '../../model.js';
import { cutPieces } from '../cut-pieces.js';
import { isObject, type Json } from '../json-shape.js';
import { UNKNOWN } from './response.js';


function eventFrame(data: Json): string {
  return `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
}

function startedFrame(run: Json): string {
  const data: Json = { type: 'response.started' };
  if (run.id !== undefined && run.id !== null) data.id = run.id;
  data.behavior = run.behavior === UNKNOWN ? null : run.behavior;
  if (run.version !== UNKNOWN) data.version = run.version;
  if (run.created !== undefined) data.created = run.created;
  return eventFrame(data);
}

function stepFrames(step: unknown): string[] {
  if (!isObject(step)) return [];
  const started: Json = { type: 'tool.started', step: step.step, tool: step.tool };
  if ('input' in step) started.input = step.input;
  const frames = [eventFrame(started)];
  if (step.status === 'completed') {
    const done: Json = { type: 'tool.completed', step: step.step, tool: step.tool };
    if ('output' in step) done.output = step.output;
    frames.push(eventFrame(done));
  } else if (step.status === 'failed') {
    frames.push(eventFrame({ type: 'tool.failed', step: step.step, tool: step.tool, error: step.error }));
  }
  return frames;
}

function endFrameOf(run: Json): string {
  if (run.status === 'completed') {
    const data: Json = { type: 'response.completed', id: run.id };
    if (isObject(run.usage)) data.usage = run.usage;
    return eventFrame(data);
  }
  if (run.status === 'failed') return eventFrame({ type: 'error', error: run.error });
  return '';
}

/** The documented stream for a `behavior.run` object: text pieces with the steps between them, then the end. */
export function synthesize(run: unknown, options: SynthesizeOptions = {}): string {
  if (!isObject(run)) return '';
  const pick = options.random ?? (() => 1);
  const deltas = cutPieces(typeof run.output_text === 'string' ? run.output_text : '', options).map((delta) =>
    eventFrame({ type: 'output_text.delta', delta }),
  );
  const out = [startedFrame(run)];
  for (const step of Array.isArray(run.steps) ? run.steps : []) {
    const before = Math.min(deltas.length, Math.max(0, Math.floor(pick(deltas.length + 1)) - 1));
    out.push(...deltas.splice(0, before), ...stepFrames(step));
  }
  out.push(...deltas, endFrameOf(run));
  return out.join('');
}
