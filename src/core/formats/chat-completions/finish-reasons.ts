// What each `finish_reason` value means to the caller, and where the list was read.
import type { FinishReasonTable } from '../../model.js';

export const finishReasons: FinishReasonTable = {
  source:
    'OpenAI: openai/openai-openapi openapi.yaml@f85dbe223d40e1a31cba812ab2d755c7e98a92a3, CreateChatCompletionStreamResponse choices[].finish_reason (reference/chat-completions.md §8, read 2026-08-21). ' +
    'DeepSeek: https://api-docs.deepseek.com/api/create-chat-completion, choices[].finish_reason (read 2026-11-30). ' +
    "Mistral: Mistral AI's OpenAPI FinishReason enum (stop, length, model_length, error, tool_calls), as published in the mistral-openapi-client crate on docs.rs (read 2026-11-30).",
  read: '2026-08-21',
  reasons: {
    stop: { meaning: 'The model ended its answer by itself, or wrote one of the stop sequences the request gave. The answer is whole.', class: 'ok', finish: 'stop' },
    length: {
      meaning: 'Generation stopped at the token limit (max_tokens / max_completion_tokens, or the context window). The answer is cut short; tool-call arguments may be unfinished JSON.',
      class: 'length_limit', finish: 'length',
    },
    tool_calls: { meaning: 'The model stopped to call tools. The calls are in the message; run them and send their results back.', class: 'ok', finish: 'tool_use' },
    content_filter: { meaning: "The provider's content filter withheld or cut the output. What is shown may be partial or empty.", class: 'filtered', finish: 'content_filter' },
    function_call: { meaning: 'The model called a function through the deprecated `functions` interface; the call is in message.function_call.', class: 'ok', finish: 'tool_use' },
    insufficient_system_resource: {
      meaning: 'DeepSeek stopped generating because its servers ran short of capacity. The answer is cut short, as with a length stop; retry the request.',
      class: 'length_limit', finish: 'error',
    },
    model_length: { meaning: "Mistral: the model's context length was reached. The answer is cut short.", class: 'length_limit', finish: 'length' },
    error: { meaning: 'Mistral: generation failed on the server. What arrived is partial; retry the request.', class: 'error_event', finish: 'error' },
  },
};
