import type { ProviderErrors } from '../errors/meaning.js';
import type { FormatModule } from '../model.js';
import { anthropic } from './anthropic/index.js';
import { behaviorRun } from './behavior-run/index.js';
import { chatCompletions } from './chat-completions/index.js';
import { cohere } from './cohere/index.js';
import { gemini } from './gemini/index.js';
import { ollama } from './ollama/index.js';
import { responses } from './responses/index.js';
import { uiMessageStream } from './ui-message-stream/index.js';
import { agUi } from './ag-ui/index.js';
import { bedrock } from './bedrock/index.js';
import { SseReconstructError } from '../library-errors.js';

/**
 * Every format, in the order detection asks them. Adding a format is its folder and its line here: the names, the
 * fixtures, faults, server, arbitraries, CLI and page all come from this list.
 */
const LISTED = [chatCompletions, responses, anthropic, gemini, behaviorRun, uiMessageStream, agUi, cohere, ollama, bedrock] as const;

/** The listed modules' types, which keep their names and error sources' keys as literals. */
export type ListedModule = (typeof LISTED)[number];

/** The streams this library reads, by name: one for each module the registry lists. */
export type FormatName = ListedModule['name'];

/** Every format, in the order detection asks them. */
export const FORMAT_MODULES: readonly FormatModule[] = LISTED;

/** The keys of the sources the listed formats' error tables name. */
export type ListedErrorSource = SourcesOf<TablesOf<ListedModule>>;

type TablesOf<Module> = Module extends FormatModule<string, infer Table> ? Table : never;
type SourcesOf<Table> = Table extends ProviderErrors<infer Source> ? Source : never;

/** The names of the formats, in the registry's order. */
export const FORMAT_NAMES: readonly FormatName[] = FORMAT_MODULES.map((module) => module.name);

/** The module of the format `name`; throws an `SseReconstructError` for a name the registry does not list. */
export function formatModule(name: FormatName): FormatModule {
  const found = FORMAT_MODULES.find((module) => module.name === name);
  if (!found) throw new SseReconstructError('ERR_SSE_ARGUMENT', `sse-reconstruct: unknown format ${JSON.stringify(name)}.`);
  return found;
}
