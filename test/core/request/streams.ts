// Streams for the request tests: an answer in the shared vocabulary, written as any format's documented stream.
import { formatModule, synthesize, type Answer, type AnswerChoice, type FormatName } from '../../../src/index.js';

export interface CallSpec {
  name: string;
  input?: Record<string, unknown>;
}

export interface AnswerSpec {
  text?: string;
  calls?: CallSpec[];
  choices?: number;
  reasoning?: string;
  signatures?: string[];
  output?: number;
  /** The finish class; `tool_use` when there are calls, else `stop`. */
  finish?: 'stop' | 'length' | 'tool_use';
  model?: string;
  usage?: boolean;
}

function choiceOf(index: number, spec: AnswerSpec): AnswerChoice {
  const calls = spec.calls ?? [];
  return {
    index,
    text: spec.text ?? 'Hello.',
    reasoning: spec.reasoning ?? '',
    signatures: spec.signatures ?? [],
    encryptedReasoning: [],
    refusal: '',
    toolCalls: calls.map((call, position) => ({ id: `call_${index}_${position}`, name: call.name, kind: 'function', arguments: JSON.stringify(call.input ?? {}), input: call.input ?? {} })),
    citations: [],
    finish: { class: spec.finish ?? (calls.length > 0 ? 'tool_use' : 'stop'), reason: null, source: null },
  };
}

/** The stream of `format` that a correct server writes for the answer `spec` describes. */
export function streamOf(format: FormatName, spec: AnswerSpec = {}): string {
  const answer: Answer = {
    format,
    choices: Array.from({ length: spec.choices ?? 1 }, (_, index) => choiceOf(index, spec)),
    usage: spec.usage === false ? null : { input: 5, output: spec.output ?? 7, total: 5 + (spec.output ?? 7), cacheRead: null, cacheWrite: null, reasoning: null },
    error: null,
    whole: true,
    verdict: 'complete',
    outcome: 'ok',
  };
  const response = formatModule(format).responseOf(answer) as Record<string, unknown>;
  const model = spec.model ?? 'gpt-4o-2024-08-06';
  if (format === 'gemini') response.modelVersion = model;
  else response.model = model;
  return synthesize(format, response);
}
