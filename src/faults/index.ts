export type { StreamScript, ScriptPiece, ScriptEnd, ExpectedReading } from './script.js';
export { scriptOf, scriptText, readScript, readingOf, type ScriptSource, type ScriptOfOptions } from './script-of.js';
