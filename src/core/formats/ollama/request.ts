// What an Ollama request asks of its stream: `/api/chat` and `/api/generate` stream unless `stream: false`; `model`;
// `options.num_predict` (the output limit); `format` as a JSON schema object (structured output).
import { isObject } from '../../object-kinds.js';
import { noExpectations, type FormatRequest, type RequestExpectations, type RequestView } from '../../request/types.js';
import { fieldAt, limitAt, stringAt } from '../request-fields.js';

function expectations({ body }: RequestView): RequestExpectations {
  const expected = noExpectations();
  // Streaming is the default: only `stream: false` asks for one JSON response.
  const stream = fieldAt(body, 'stream');
  expected.streamed = stream === false ? { ok: false, asked: 'has `stream: false`, which answers with one JSON response' } : { ok: true, asked: stream === true ? 'has `stream: true`' : 'streams by default (no `stream: false`)' };
  expected.model = stringAt(body, 'model');
  expected.maxOutputTokens = limitAt(body, [['options', 'num_predict']]);
  const format = fieldAt(body, 'format');
  if (isObject(format)) expected.schema = { schema: format, asked: '`format` with a JSON schema' };
  return expected;
}

export const request: FormatRequest = { expectations, modelOf: (response) => stringAt(response, 'model') };
