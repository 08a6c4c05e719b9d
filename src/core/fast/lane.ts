import { ownCopy } from '../own-copy.js';
import { holePaths, make, makerAt, matchHoles, ownValues, type Template, TemplateReader } from './templates.js';
import type { MakerAt } from './accelerator.js';
import type { Frame } from '../decode/frame.js';
import { keepShape } from '../keep-shapes.js';
import { defaultFastSettings, type FastSettings } from './settings.js';

/**
 * The fast lane for the hot delta frames, one level above the payload templates: most frames of a stream are the
 * same text, `event:` line, `data:` line and blank line included, with another delta string. A frame shape is
 * learned from a frame the decoder read line by line; a later frame whose text is the shape with its holes filled
 * in is taken whole, without reading it line by line, cutting out its data or building its value when the
 * assembler can apply it directly.
 *
 * Why it is exact: a shape's text is `event: E\n` (optional), `data: D\n` and a blank line, written in the plainest
 * form, with D a payload template (see templates.ts). The decoder reads any text of that form as one frame with
 * event E and data D, names nothing in it, and sees exactly those lines; the payload template gives the value
 * JSON.parse would give. A shape guessed wrong (the learned frame was written another way) simply never matches.
 */

/** Where the frame taken is; `text`, `dataStart`, `dataEnd` give its data for whoever needs it. */
export interface LaneFrame {
  index: number;
  event: string;
  lastEventId: string;
  line: number;
  endLine: number;
  start: number;
  end: number;
  text: string;
  dataStart: number;
  dataEnd: number;
}

/**
 * Who the frames taken go to. `plan` is asked once per shape: a plan (data) for `apply`, or null to have each frame
 * of that shape built and handed to `generic`. `apply` gets a planned frame's hole values (strings may be views of
 * the input chunk: one kept other than queued to be joined is copied, see ownCopy) and returns false, having done
 * nothing, when the frame must be read the long way.
 *
 * Methods, not functions made per stream: V8 throws away optimised code whose callee was a function collected
 * with an earlier stream, and every stream would start slow again.
 */
export interface LaneSink {
  plan(frame: Frame, value: unknown, holes: readonly string[], makerAt: MakerAt): object | null;
  apply(plan: object, values: ReadonlyArray<string | number>, frame: LaneFrame): boolean;
  generic(frame: Frame, value: unknown): void;
  /**
   * Long strings a coming frame of `frameLength` characters may repeat whole (see known-strings.ts); none when
   * absent. Finding them may cost no more than a small part of the frame's length (or none are offered).
   */
  knownStrings?(frameLength: number): readonly string[];
}

interface Shape {
  pieces: string[];
  kinds: Array<'string' | 'number'>;
  template: Template;
  event: string;
  /** Characters before the data starts, and after it ends. */
  head: number;
  tail: number;
  lines: number;
  crlfLines: number;
  /** The sink's plan, or null: build the value and hand the frame over. */
  plan: object | null;
  hits: number;
  misses: number;
}

const SHAPES_KEPT = 4;

export class FrameLane {
  /** Lines the frame taken last spans (its blank line included), and how many of them end in CRLF. */
  lines = 0;
  crlfLines = 0;
  private readonly shapes: Shape[] = [];
  private readonly values: Array<string | number> = [];
  private readonly frame: LaneFrame = { index: 0, event: '', lastEventId: '', line: 0, endLine: 0, start: 0, end: 0, text: '', dataStart: 0, dataEnd: 0 };
  /** Frames taken so far. */
  taken = 0;
  /** The frame a shape fitted but its action gave back: it is read the long way, and is no new shape. */
  private refused = -1;

  /** `templates`: the payload reader's, whose templates the shapes are made of (and whose learning budget they share). */
  constructor(
    private readonly sink: LaneSink,
    private readonly templates: TemplateReader,
    private readonly settings: FastSettings,
  ) {}

  /**
   * Takes the frame that starts at `text[at]` when it fits a shape: returns the characters taken, 0 when it must be
   * read line by line. `index`, `line`, `start`: the frame's number, first line and offset, as the decoder counts;
   * `room`: the characters its lines (not its blank line) may hold under the held bound (a larger one stops there).
   */
  take(text: string, at: number, index: number, line: number, start: number, lastEventId: string, room: number): number {
    if (!this.settings.enabled) return 0;
    const shapes = this.shapes;
    for (let i = 0; i < shapes.length; i += 1) {
      const shape = shapes[i] as Shape;
      const end = matchHoles(shape.pieces, shape.kinds, text, at, this.values);
      if (end === -1) {
        shape.misses += 1;
        if (shape.hits === 0 && shape.misses > 16) shapes.splice(i--, 1);
        continue;
      }
      // Past the held bound the decoder stops the stream: read such a frame line by line.
      if (end - at - shape.tail / 2 > room) return 0;
      const frame = this.frame;
      frame.index = index;
      frame.event = shape.event;
      frame.lastEventId = lastEventId;
      frame.line = line;
      frame.endLine = line + shape.lines - 1;
      frame.start = start;
      frame.end = start + end - at;
      frame.text = text;
      frame.dataStart = at + shape.head;
      frame.dataEnd = end - shape.tail;
      const applied = shape.plan === null ? this.handOver(shape.template, frame) : this.sink.apply(shape.plan, this.values, frame);
      frame.text = ''; // not kept: the lane outlives the chunk
      if (!applied) {
        this.refused = index;
        return 0;
      }
      shape.hits += 1;
      this.taken += 1;
      this.templates.fitted += 1;
      this.settings.counts.built += 1;
      this.lines = shape.lines;
      this.crlfLines = shape.crlfLines;
      return end - at;
    }
    return 0;
  }

  /**
   * Learns a shape from a frame read line by line whose data parsed to `value`: a frame of one `data:` line, maybe
   * after one `event:` line, ended by a blank line (its line count and length tell how it was written). Its
   * template is the one the payload reader built the frame with or learned from it: none, no shape.
   */
  learn(frame: Frame, value: unknown, hasEventLine: boolean): void {
    const template = this.templates.templateOf(frame.data);
    if (template === null || !this.settings.enabled || frame.index === this.refused) return;
    const lines = frame.endLine - frame.line + 1;
    if (lines !== (hasEventLine ? 3 : 2) || frame.retry !== undefined || frame.time !== undefined) return;
    const plainHead = hasEventLine ? `event: ${frame.event}\ndata: ` : 'data: ';
    const plainLength = plainHead.length + frame.data.length + 2;
    const length = frame.end - frame.start;
    const crlf = length === plainLength + lines;
    if (length !== plainLength && !crlf) return;
    const newline = crlf ? '\r\n' : '\n';
    const head = crlf ? plainHead.replace('\n', newline) : plainHead;
    // A frame of a known shape comes the long way when a chunk ends inside it: nothing new to learn.
    const written = head + frame.data + newline + newline;
    if (this.shapes.some((shape) => matchHoles(shape.pieces, shape.kinds, written, 0, this.values) === written.length)) return;
    if (!template.kinds.includes('string') || !this.templates.mayLearn()) return;
    const pieces = template.pieces.slice();
    // Flat strings of their own: a shape lives as long as the stream, and a view would keep its chunk alive.
    pieces[0] = ownCopy(head + (pieces[0] as string));
    pieces[pieces.length - 1] = ownCopy((pieces[pieces.length - 1] as string) + newline + newline);
    const plan = this.sink.plan(frame, value, holePaths(template), makerAt(template));
    this.shapes.unshift({
      pieces,
      kinds: template.kinds,
      template,
      event: frame.event,
      head: head.length,
      tail: newline.length * 2,
      lines,
      crlfLines: crlf ? lines : 0,
      plan,
      hits: 0,
      misses: 0,
    });
    if (this.shapes.length > SHAPES_KEPT) this.shapes.pop();
  }

  /** Builds the value and hands the frame over as the decoder would have. */
  private handOver(template: Template, taken: LaneFrame): boolean {
    const frame: Frame = {
      index: taken.index,
      event: taken.event,
      data: taken.text.slice(taken.dataStart, taken.dataEnd),
      lastEventId: taken.lastEventId,
      dispatched: true,
      line: taken.line,
      endLine: taken.endLine,
      start: taken.start,
      end: taken.end,
    };
    this.sink.generic(frame, make(template.root, ownValues(this.values)));
    return true;
  }
}

/** A sink with no plans: every frame taken is built and handed to `onValue`. */
export class HandOverSink implements LaneSink {
  constructor(private readonly onValue: (frame: Frame, value: unknown) => void) {}

  plan(): null {
    return null;
  }

  apply(): boolean {
    return false;
  }

  generic(frame: Frame, value: unknown): void {
    this.onValue(frame, value);
  }
}

const idleSettings = defaultFastSettings();
keepShape(new FrameLane(keepShape(new HandOverSink(() => undefined)), keepShape(new TemplateReader(idleSettings)), idleSettings));
