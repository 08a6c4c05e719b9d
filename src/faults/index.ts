export type { StreamScript, ScriptPiece, ScriptEnd, ExpectedReading } from './script.js';
export { scriptOf, scriptText, readScript, readingOf, RECORDED_END_PREFIX, RECORDED_ENDS, type RecordedEnd, type ScriptSource, type ScriptOfOptions } from './script-of.js';
export {
  applyFaults,
  truncateAfter,
  cutInside,
  appendError,
  drop,
  duplicate,
  swap,
  dropEnd,
  dropStart,
  toCRLF,
  addBOM,
  stripFinalBlankLine,
  joinDataLines,
  renameEvent,
  removeIndex,
  stall,
  delay,
  pace,
  type Fault,
  type AppendErrorOptions,
  type CutOptions,
  type PaceOptions,
} from './faults.js';
export { errorFrame, type ErrorFrameOptions, type ErrorStyle } from './error-frames.js';
