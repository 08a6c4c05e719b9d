import type { Frame, Payload } from '../decode/frame.js';
import { readPayload, type ReaderSpeed } from '../decode/payload.js';
import { keepShape } from '../keep-shapes.js';
import { KNOWN_STRING_LENGTH, KnownStrings } from './known-strings.js';
import { FrameLane, HandOverSink, type LaneSink } from './lane.js';
import { defaultFastSettings, type FastSettings } from './settings.js';
import { TemplateReader } from './templates.js';
import { WholeFrameLane } from './whole-frames.js';

/**
 * Reads a frame's data to the value JSON.parse gives, faster: the hot delta frames fit a learned template and skip
 * JSON.parse; a long frame that repeats a string the assembly holds is parsed around it (see known-strings.ts).
 */
export class FastPayloadReader {
  private readonly known = new KnownStrings();

  constructor(
    private readonly templates: TemplateReader,
    private readonly settings: FastSettings,
    private readonly sink: LaneSink,
  ) {}

  read(data: string): Payload {
    const built = this.templates.read(data);
    if (built !== undefined) return { kind: 'json', value: built };
    const value = this.settings.enabled && data.length >= KNOWN_STRING_LENGTH ? this.parseAroundKnown(data) : undefined;
    const payload: Payload = value === undefined ? readPayload(data) : { kind: 'json', value };
    if (payload.kind === 'json') this.templates.learn(data, payload.value);
    return payload;
  }

  private parseAroundKnown(data: string): unknown {
    const sink = this.sink;
    if (sink.knownStrings === undefined) return undefined;
    const value = this.known.parse(data, () => sink.knownStrings?.(data.length) ?? []);
    if (value !== undefined) this.settings.counts.knownStrings += 1;
    return value;
  }
}

/** The speed a session's frame reader gets: its frames taken whole go to `sink`, the pipeline's dispatch. */
export function readerSpeed(sink: LaneSink, settings: FastSettings): ReaderSpeed {
  const templates = new TemplateReader(settings);
  return { taker: new FrameLane(sink, templates, settings), payloads: new FastPayloadReader(templates, settings, sink), wholeFrames: new WholeFrameLane(sink, templates, settings) };
}

/** The speed of a plain frame reader (`createFrameReader`, `decode`): frames taken whole are built and handed on. */
export function handOverSpeed(onValue: (frame: Frame, value: unknown) => void): ReaderSpeed {
  return readerSpeed(new HandOverSink(onValue), defaultFastSettings());
}

keepShape(new FastPayloadReader(new TemplateReader(), defaultFastSettings(), new HandOverSink(() => undefined)));
