import type { FindingList } from '../findings.js';
import { createFastReader, fastPathCounters } from '../formats/fast-template.js';
import { checkDecodeOptions } from '../options.js';
import { createDecoder, type DecodeOptions, type DecoderSummary, type EventStreamDecoder, type FrameMarks } from './decoder.js';
import type { Frame, Payload } from './frame.js';
import { FrameLane, HandOverSink, type LaneSink } from './frame-lane.js';
import { KNOWN_STRING_LENGTH, KnownStrings } from './known-strings.js';
import { MAX_NESTING, parseJson } from '../json-depth.js';

const DONE: Payload = { kind: 'done' };
const NOT_JSON: Payload = { kind: 'not json' };
/** Also not JSON to a reader, but JSON.parse read it: nested past MAX_NESTING (its own object, to name it so). */
const TOO_DEEP: Payload = { kind: 'not json' };

/** Reads a frame's data once: JSON, the `[DONE]` sentinel, or neither (so is JSON nested past MAX_NESTING). */
export function readPayload(data: string): Payload {
  const first = data.charCodeAt(0);
  if (first === 91 /* [ */ && data.length <= 8 && data.trim() === '[DONE]') return DONE;
  try {
    return { kind: 'json', value: parseJson(data) };
  } catch (error) {
    if (error instanceof RangeError) return TOO_DEEP;
    if (data.trim() === '[DONE]') return DONE;
    return NOT_JSON;
  }
}

/** A frame with what its data held; `payload` is null when there is nothing to read (no data, or cut off). */
export type FrameCallback = (frame: Frame, payload: Payload | null) => void;

export interface FrameReader {
  push(chunk: string | Uint8Array): void;
  end(): DecoderSummary & { frameCount: number; readableFrames: number };
}

/**
 * The decoder plus the one JSON read of each frame: names frames whose data is not JSON, and tells a stream cut
 * inside its last frame from one whose last frame only lacks the blank line after it.
 */
export function createFrameReader(onFrame: FrameCallback, findings: FindingList, onText?: (text: string, bytes?: Uint8Array) => void, options: DecodeOptions = {}): FrameReader {
  checkDecodeOptions(options, { where: 'createFrameReader' });
  return createSinkReader(onFrame, findings, onText, undefined, options);
}

/** createFrameReader, with a sink of the library's own for the frames its lane takes whole (see frame-lane.ts). */
export function createSinkReader(onFrame: FrameCallback, findings: FindingList, onText?: (text: string, bytes?: Uint8Array) => void, sink?: LaneSink, options: DecodeOptions = {}): FrameReader {
  let frameCount = 0;
  let readableFrames = 0;
  const fast = createFastReader();
  // Frames the lane takes are whole, readable JSON frames, counted by the lane; a reader without a sink of its own
  // has them built and handed over like any other.
  const lane = new FrameLane(sink ?? new HandOverSink((frame, value) => onFrame(frame, { kind: 'json', value })));
  const known = new KnownStrings();
  /**
   * The hot delta frames fit a learned template and skip JSON.parse; a long frame that repeats a string the assembly
   * holds is parsed around it. The value is the same either way.
   */
  function read(data: string): Payload {
    const built = fast.read(data);
    if (built !== undefined) return { kind: 'json', value: built };
    const strings = fastPathCounters.enabled && data.length >= KNOWN_STRING_LENGTH ? sink?.knownStrings?.() : undefined;
    const value = strings === undefined || strings.length === 0 ? undefined : known.parse(data, strings);
    if (value !== undefined) fastPathCounters.knownStrings += 1;
    const payload: Payload = value === undefined ? readPayload(data) : { kind: 'json', value };
    if (payload.kind === 'json') fast.learn(data, payload.value);
    return payload;
  }
  const decoder: EventStreamDecoder = createDecoder(
    {
      onFrame(frame, ending, hasData, marks) {
        frameCount += 1;
        if (!hasData) return onFrame(frame, null);
        const payload = read(frame.data);
        if (ending === 'eof' && !marks.bare) return readTail(frame, payload, marks);
        if (payload.kind === 'not json') reportNotJson(frame, payload, findings, marks);
        readableFrames += 1;
        onFrame(frame, payload);
        if (payload.kind === 'json' && ending === 'blank' && !marks.bare) lane.learn(frame, payload.value, marks.dataLine === frame.line + 1);
      },
      ...(onText ? { onText } : {}),
      lane,
      ...(options.maxHeldChars !== undefined ? { maxHeldChars: options.maxHeldChars } : {}),
    },
    findings,
  );

  function readTail(frame: Frame, payload: Payload, marks: FrameMarks): void {
    if (payload.kind === 'not json') {
      findings.add(
        'cut',
        `The stream stops inside frame ${frame.index} (line ${frame.line}): it has no blank line after it and its data does not parse (${preview(frame.data)}). Find what closed the connection early.`,
        frame.line,
        marks.column,
        frame.index,
      );
      return onFrame(frame, null);
    }
    findings.add(
      'unterminated',
      `Frame ${frame.index} (line ${frame.line}) is the last one and has no blank line after it. It parses, so it was read, but a spec client discards it. Write a blank line after every frame.`,
      frame.line,
      marks.column,
      frame.index,
    );
    readableFrames += 1;
    onFrame(frame, payload);
  }

  return {
    push: (chunk) => decoder.push(chunk),
    end() {
      const summary = decoder.end();
      frameCount += lane.taken;
      readableFrames += lane.taken;
      if (readableFrames === 0 && !summary.stopped) {
        findings.add(
          'empty',
          frameCount === 0
            ? 'No frame was found: the input has no `data:` line followed by a blank line. Pass the body of a text/event-stream response, not its headers or a JSON body.'
            : `No frame carried data: the ${frameCount} frame(s) found have no readable \`data:\` line. Pass the body of a text/event-stream response.`,
          0,
          0,
        );
      }
      return { ...summary, frameCount, readableFrames };
    },
  };
}

/** Named at the frame's first data line: that is where the value that does not parse starts. */
function reportNotJson(frame: Frame, payload: Payload, findings: FindingList, marks: FrameMarks): void {
  if (payload === TOO_DEEP) {
    const message = `Frame ${frame.index}'s data is JSON nested more than ${MAX_NESTING} levels deep (${preview(frame.data)}); copying or printing it would overflow the stack, so it was skipped.`;
    findings.add('too deep', message, marks.dataLine, marks.dataColumn, frame.index);
    return;
  }
  const lines = frame.data.split('\n');
  const eachParses = lines.length > 1 && lines.every((line) => readPayload(line).kind !== 'not json');
  const message = eachParses
    ? `Frame ${frame.index} has ${lines.length} \`data:\` lines with no blank line between them. A spec client joins them into one data value with newlines, and that is not JSON, though each line parses alone. Put a blank line after every JSON document.`
    : `Frame ${frame.index}'s data is neither JSON nor [DONE] (${preview(frame.data)}); it was skipped. Send one JSON document per frame.`;
  findings.add('not json', message, marks.dataLine, marks.dataColumn, frame.index);
}

export function preview(text: string, max = 60): string {
  const flat = JSON.stringify(text.length > max ? `${text.slice(0, max)}` : text);
  return text.length > max ? `${flat.slice(0, -1)}…"` : flat;
}
