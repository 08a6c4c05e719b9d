// Amazon Bedrock `ConverseStream` (`POST /model/{modelId}/converse-stream`): AWS event-stream messages, one per
// event, read by the AWS event-stream framing (src/core/decode/aws-event-stream); the same events written as SSE
// frames (`event:` the name) read alike. The assembly is in bedrock/assembler.ts; see reference.md.
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { isObject } from '../json-shape.js';
import { answer } from './answer.js';
import { bedrockAccelerator } from './accelerator.js';
import { arbitrary } from './arbitrary.js';
import { BedrockAssembler } from './assembler.js';
import { BEDROCK_ERRORS, ERROR_MESSAGE, ERROR_STYLES, errorFrame, httpErrorBody } from './errors.js';
import { eventOf } from './events.js';
import { finishReasons } from './finish-reasons.js';
import { fixtures } from './fixtures.js';
import { request } from './request.js';
import { bedrockResponseOf } from './response-of.js';
import { synthesize } from './synthesize.js';
import { frameBytes } from './wire.js';
import { BEDROCK_OUTPUT } from './output-count.js';

const END_EVENTS: ReadonlySet<string> = new Set(['messageStop', 'metadata']);

/** `metadata` is a name other streams could use: alone it only says "could be". */
function recognise(frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2 {
  const event = eventOf(frame, payload);
  if (event === null) return 0;
  return event.name === 'metadata' ? 1 : 2;
}

export const bedrock: FormatModule<'bedrock', typeof BEDROCK_ERRORS> = {
  name: 'bedrock',
  title: 'Bedrock ConverseStream',
  endFrame: '`messageStop` (then `metadata`)',
  recognise,
  createAssembler: (context) => new BedrockAssembler(context),
  synthesize,
  responseOf: bedrockResponseOf,
  finishReasons,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  // The end is `messageStop` and the `metadata` that follows it: a stream without its end lacks both, and an
  // exception written after it is read (one after `metadata` comes after the stream's last event).
  endRule: {
    ends: (frame) => END_EVENTS.has(frame.event) || (isObject(frame.json) && Object.keys(frame.json).length === 1 && (isObject(frame.json.messageStop) || isObject(frame.json.metadata))),
    withoutEnd: () => null,
  },
  errorProviders: ['bedrock'],
  errorTables: [BEDROCK_ERRORS],
  fixtures,
  arbitrary,
  output: BEDROCK_OUTPUT,
  // Its fixtures are SSE frames (text); a real body is binary: a forced `bedrock` reads either, told by its first byte.
  alsoFramings: ['aws-event-stream'],
  accelerator: bedrockAccelerator,
  // What Bedrock sends: its fixtures carry these bytes beside the text, and the fault server serves them.
  wire: { framing: 'aws-event-stream', frameBytes },
};
