// What a Gemini request asks of its stream: the URL (`…/models/MODEL:streamGenerateContent?alt=sse`), and in the body
// `generationConfig` (`candidateCount`, `maxOutputTokens`, a JSON schema with `responseMimeType: application/json`,
// `thinkingConfig.includeThoughts`) and `toolConfig.functionCallingConfig` (mode ANY / NONE, `allowedFunctionNames`).
import { isObject } from '../../object-kinds.js';
import { noExpectations, type ClientRequest, type FormatRequest, type RequestExpectations, type RequestView, type ToolChoiceExpectation } from '../../request/types.js';
import { countAt, fieldAt, limitAt, stringAt } from '../request-fields.js';

/** `…/models/MODEL:METHOD`, in a path or a whole URL. */
const METHOD_PATH = /\/models\/([^/:?#]+):([A-Za-z]+)/;

function expectations({ body, url }: RequestView): RequestExpectations {
  const expected = noExpectations();
  const called = url === null ? null : METHOD_PATH.exec(url);
  if (url !== null) expected.streamed = streamedOf(url, called?.[2] ?? null);
  expected.model = called?.[1] !== undefined ? decodeURIComponent(called[1]) : (stringAt(body, 'model')?.replace(/^models\//, '') ?? null);
  const count = countAt(body, 'generationConfig', 'candidateCount');
  if (count !== null) expected.choices = { count, asked: `generationConfig.candidateCount: ${count}` };
  expected.toolChoice = toolChoiceOf(fieldAt(body, 'toolConfig', 'functionCallingConfig'));
  expected.schema = schemaOf(fieldAt(body, 'generationConfig'));
  expected.maxOutputTokens = limitAt(body, [['generationConfig', 'maxOutputTokens']]);
  // Gemini signs the parts a thinking model's tool calls arrive on; thought summaries may come unsigned.
  if (fieldAt(body, 'generationConfig', 'thinkingConfig', 'includeThoughts') === true) {
    expected.thinking = { when: 'tool calls', asked: 'generationConfig.thinkingConfig.includeThoughts: true' };
  }
  return expected;
}

function streamedOf(url: string, method: string | null): { ok: boolean; asked: string } {
  if (method === 'generateContent') return { ok: false, asked: 'calls `:generateContent`, which answers with one JSON response (`:streamGenerateContent?alt=sse` streams)' };
  if (method === 'streamGenerateContent' && !/[?&]alt=sse(&|#|$)/.test(url)) {
    return { ok: false, asked: 'calls `:streamGenerateContent` without `alt=sse`, which answers with a JSON array, not an event stream' };
  }
  return { ok: true, asked: 'streams with `alt=sse`' };
}

function toolChoiceOf(config: unknown): ToolChoiceExpectation | null {
  const mode = stringAt(config, 'mode');
  if (mode === 'NONE') return { mode: 'none', asked: "toolConfig.functionCallingConfig.mode: 'NONE'" };
  if (mode !== 'ANY') return null;
  const allowed = fieldAt(config, 'allowedFunctionNames');
  const names = Array.isArray(allowed) ? allowed.filter((name): name is string => typeof name === 'string') : [];
  if (names.length === 0) return { mode: 'required', asked: "toolConfig.functionCallingConfig.mode: 'ANY'" };
  return { mode: 'named', names, asked: `toolConfig.functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ${JSON.stringify(names)} }` };
}

function schemaOf(config: unknown): { schema: unknown; asked: string } | null {
  if (stringAt(config, 'responseMimeType') !== 'application/json') return null;
  const json = fieldAt(config, 'responseJsonSchema');
  if (json !== undefined) return { schema: json, asked: "generationConfig: { responseMimeType: 'application/json', responseJsonSchema }" };
  const openApi = fieldAt(config, 'responseSchema');
  if (openApi === undefined) return null;
  return { schema: jsonSchemaOf(openApi), asked: "generationConfig: { responseMimeType: 'application/json', responseSchema }" };
}

/** `responseSchema` is an OpenAPI subset whose types are upper case (`OBJECT`): JSON Schema spells them lower case. */
function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (!isObject(schema)) return schema;
  // fromEntries defines each key as data: a `__proto__` key of the caller's stays a key.
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'type' && typeof value === 'string' ? value.toLowerCase() : jsonSchemaOf(value)]));
}


// What the SDK sends to `:streamGenerateContent?alt=sse`: the model and the streaming are in the URL, not the body.
function clientRequest(prompt: string): ClientRequest {
  return { body: { contents: [{ role: 'user', parts: [{ text: prompt }] }] }, headers: {} };
}

/** What a Gemini request asks, and the model its stream names (`modelVersion`). */
export const request: FormatRequest = { expectations, modelOf: (response) => stringAt(response, 'modelVersion'), clientRequest };
