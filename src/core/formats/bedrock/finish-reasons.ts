// What each `stopReason` of a Bedrock Converse (and ConverseStream `messageStop`) means, with where it is written.
import type { FinishReasonTable } from '../../model.js';

export const finishReasons: FinishReasonTable = {
  source:
    'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_MessageStopEvent.html and the StopReason enum of @aws-sdk/client-bedrock-runtime 3.1162.0 (reference.md §4)',
  read: '2026-12-02',
  reasons: {
    end_turn: { meaning: 'The model finished its turn: the answer is whole.', class: 'ok', finish: 'stop' },
    tool_use: { meaning: 'The model asked for one or more tools: run them and send their results back as toolResult blocks.', class: 'ok', finish: 'tool_use' },
    max_tokens: { meaning: "The output reached the request's maxTokens and was cut there; a tool input may be unfinished.", class: 'length_limit', finish: 'length' },
    stop_sequence: { meaning: 'The model wrote one of the request\'s stopSequences; the text ends before it.', class: 'ok', finish: 'stop' },
    guardrail_intervened: {
      meaning: 'A Bedrock guardrail blocked or masked the input or the output: the text is the guardrail\'s message, not the model\'s answer.',
      class: 'filtered', finish: 'content_filter',
    },
    content_filtered: { meaning: "The model's own content filter stopped the answer; what came before may be partial.", class: 'filtered', finish: 'content_filter' },
    malformed_model_output: { meaning: 'The model wrote output Bedrock could not read as a Converse message: the answer is unusable.', class: 'error_event', finish: 'error' },
    malformed_tool_use: { meaning: 'The model wrote a tool use Bedrock could not read (its input is not valid JSON for the tool): the call cannot be run.', class: 'error_event', finish: 'error' },
    model_context_window_exceeded: {
      meaning: "The prompt and the output filled the model's context window before maxTokens: the answer is cut there.",
      class: 'length_limit', finish: 'length',
    },
  },
};
