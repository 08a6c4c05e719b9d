import type { Frame } from '../decode/frame.js';
import type { WholeFrameTaker } from '../decode/payload.js';
import { keepShape } from '../keep-shapes.js';
import { HandOverSink, type LaneFrame, type LaneSink } from './lane.js';
import { defaultFastSettings, type FastSettings } from './settings.js';
import { holePaths, make, makerAt, matchHoles, ownValues, type Template, TemplateReader } from './templates.js';

/**
 * The fast lane for framings whose frames arrive whole: an NDJSON line, an AWS event-stream message. The framing has
 * already cut out the frame's data and knows its event (no `event:` line to match, as the SSE lane does: lane.ts),
 * so a shape is an event name and a payload template. A frame whose data fits a shape learned for its event is
 * applied from its holes' values by the format's accelerator, without its value being built.
 *
 * Why it is exact: the data fits the template whole (the match ends at the data's end), so its value is the one
 * JSON.parse gives (templates.ts); the event is compared, not guessed. The framing keeps every other step of its
 * own (positions, counts, findings) and hands the lane only frames it would have read as plain JSON.
 */

interface WholeShape {
  event: string;
  template: Template;
  /** The sink's plan, or null: build the value and hand the frame over. */
  plan: object | null;
  hits: number;
  misses: number;
}

const SHAPES_KEPT = 4;

export class WholeFrameLane implements WholeFrameTaker {
  /** Frames taken so far. */
  taken = 0;
  private readonly shapes: WholeShape[] = [];
  private readonly values: Array<string | number> = [];
  private readonly frame: LaneFrame = { index: 0, event: '', lastEventId: '', line: 0, endLine: 0, start: 0, end: 0, text: '', dataStart: 0, dataEnd: 0 };
  /** The frame a shape fitted but its action gave back: it is read the long way, and is no new shape. */
  private refused = -1;

  /** `templates`: the payload reader's, whose templates the shapes are (and whose learning budget they share). */
  constructor(
    private readonly sink: LaneSink,
    private readonly templates: TemplateReader,
    private readonly settings: FastSettings,
  ) {}

  take(event: string, text: string, from: number, to: number, index: number, line: number, start: number, end: number): boolean {
    if (!this.settings.enabled) return false;
    const shapes = this.shapes;
    for (let i = 0; i < shapes.length; i += 1) {
      const shape = shapes[i] as WholeShape;
      const template = shape.template;
      // A match that ends at `to` read nothing past it: the data fits whole.
      if (shape.event !== event || matchHoles(template.pieces, template.kinds, text, from, this.values) !== to) {
        shape.misses += 1;
        if (shape.hits === 0 && shape.misses > 16) shapes.splice(i--, 1);
        continue;
      }
      const frame = this.frame;
      frame.index = index;
      frame.event = event;
      frame.line = line;
      frame.endLine = line;
      frame.start = start;
      frame.end = end;
      frame.text = text;
      frame.dataStart = from;
      frame.dataEnd = to;
      const applied = shape.plan === null ? this.handOver(template, frame) : this.sink.apply(shape.plan, this.values, frame);
      frame.text = ''; // not kept: the lane outlives the chunk
      if (!applied) {
        this.refused = index;
        return false;
      }
      shape.hits += 1;
      this.taken += 1;
      this.templates.fitted += 1;
      this.settings.counts.built += 1;
      return true;
    }
    return false;
  }

  /** Learns a shape from a frame read the long way whose data parsed to `value`, from the template that read it. */
  learn(frame: Frame, value: unknown): void {
    const template = this.templates.templateOf(frame.data);
    if (template === null || !this.settings.enabled || frame.index === this.refused) return;
    if (this.shapes.some((shape) => shape.event === frame.event && shape.template === template)) return;
    if (!template.kinds.includes('string') || !this.templates.mayLearn()) return;
    const plan = this.sink.plan(frame, value, holePaths(template), makerAt(template));
    this.shapes.unshift({ event: frame.event, template, plan, hits: 0, misses: 0 });
    if (this.shapes.length > SHAPES_KEPT) this.shapes.pop();
  }

  /** Builds the value and hands the frame over as the framing would have. */
  private handOver(template: Template, taken: LaneFrame): boolean {
    const frame: Frame = { index: taken.index, event: taken.event, data: taken.text.slice(taken.dataStart, taken.dataEnd), lastEventId: '', dispatched: true, line: taken.line, endLine: taken.endLine, start: taken.start, end: taken.end };
    this.sink.generic(frame, make(template.root, ownValues(this.values)));
    return true;
  }
}

const idleSettings = defaultFastSettings();
keepShape(new WholeFrameLane(keepShape(new HandOverSink(() => undefined)), keepShape(new TemplateReader(idleSettings)), idleSettings));
