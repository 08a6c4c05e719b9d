import type { FormatModule, FormatName } from '../model.js';
import { anthropic } from './anthropic.js';
import { behaviorRun } from './behavior-run.js';
import { chatCompletions } from './chat-completions.js';
import { gemini } from './gemini.js';
import { responses } from './responses.js';

/** Every format, in the order detection asks them. Adding a format is one file and one line here. */
export const FORMAT_MODULES: readonly FormatModule[] = [chatCompletions, responses, anthropic, gemini, behaviorRun];

export function formatModule(name: FormatName): FormatModule {
  const found = FORMAT_MODULES.find((module) => module.name === name);
  if (!found) throw new TypeError(`sse-reconstruct: unknown format ${JSON.stringify(name)}.`);
  return found;
}
