/**
 * AG-UI, the Agent–User Interaction protocol (protocol 1.0, @ag-ui/core 1.0.0), over server-sent events: each frame's
 * data is one event, `{"type": "RUN_STARTED", …}`, with no `event:` line. A run begins with RUN_STARTED, streams
 * messages, tool calls, reasoning, steps and state, and ends with RUN_FINISHED or RUN_ERROR. reference.md holds the
 * protocol note and its sources.
 *
 * Choices made here:
 * - Every rule the official client throws on (its schema check, its chunk expansion, its order verifier) is an
 *   error finding at the event it throws on; the reading goes on past it, so what follows is not lost. Events after
 *   the run's end are the exception: the client never applies them, so neither does the answer.
 * - The conversation is applied as the client's default apply does; `response` is that conversation with the
 *   state and the run's ending (AG-UI has no non-streamed API). The answer is the turn after the last user message.
 * - AG-UI has no finish reason: finish-reasons.ts names each ending (success, tool_calls, interrupt, cancelled, error).
 * - Subagent ownership (an event's `subagentRunId` against the opener's) is not checked.
 */
import type { Frame, Payload } from '../../decode/frame.js';
import type { FormatModule } from '../../model.js';
import { isObject } from '../json-shape.js';
import { answer } from './answer.js';
import { arbitrary } from './arbitrary.js';
import { AgUiAssembler } from './assembler.js';
import { endRule } from './end-rule.js';
import { AG_UI_ERRORS, ERROR_MESSAGE, ERROR_STYLES, errorFrame, httpErrorBody } from './errors.js';
import { EVENT_SHAPES } from './events.js';
import { AG_UI_FINISH_REASONS } from './finish-reasons.js';
import { fixtures } from './fixtures.js';
import { request } from './request.js';
import { agUiResponseOf } from './response-of.js';
import { synthesize } from './synthesize.js';
import { AG_UI_OUTPUT } from './output-count.js';

export { AG_UI_FINISH_REASONS } from './finish-reasons.js';

/** Every event type of protocol 1.0 is upper case and named by no other format. */
function recognise(_frame: Omit<Frame, 'data'>, payload: Payload): 0 | 1 | 2 {
  if (payload.kind !== 'json' || !isObject(payload.value)) return 0;
  const { type } = payload.value;
  return typeof type === 'string' && EVENT_SHAPES.has(type) ? 2 : 0;
}

export const agUi: FormatModule<'ag-ui', typeof AG_UI_ERRORS> = {
  name: 'ag-ui',
  title: 'AG-UI',
  endFrame: '`RUN_FINISHED` (or `RUN_ERROR`)',
  recognise,
  createAssembler: (context) => new AgUiAssembler(context),
  synthesize,
  responseOf: agUiResponseOf,
  finishReasons: AG_UI_FINISH_REASONS,
  answer,
  request,
  errorStyles: ERROR_STYLES,
  errorMessage: ERROR_MESSAGE,
  errorFrame,
  httpErrorBody,
  endRule,
  errorProviders: ['ag-ui'],
  errorTables: [AG_UI_ERRORS],
  fixtures,
  arbitrary,
  output: AG_UI_OUTPUT,
};
