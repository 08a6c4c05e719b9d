// The faults module: what a fault is and how faults apply (fault.ts), and the faults by what they change.
export { applyFaults, faultedScript, faultedText, faultedWork, faultsOnSource, relativeFault, sourceRead, type Fault, type FaultedWork, type SourceRead } from './fault.js';
export { truncateAfter, cutInside, appendError, drop, duplicate, swap, dropEnd, dropStart, type AppendErrorOptions, type CutOptions } from './frame-faults.js';
export { toCRLF, addBOM, stripFinalBlankLine, joinDataLines, renameEvent, removeIndex } from './framing-faults.js';
export { stall, delay, pace, type PaceOptions } from './timing-faults.js';
