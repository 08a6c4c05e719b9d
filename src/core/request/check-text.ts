// The two expectations read from the answer's words: the final text against the request's JSON schema, and the
// model the stream names against the one asked for.
import type { AnswerChoice } from '../answer/types.js';
import type { RequestFinding } from './check.js';
import type { SchemaValidator } from './types.js';

/** Errors of the validator shown in one message, at most. */
const ERRORS_SHOWN = 3;

/** The choice's final text is JSON that the validator (when given) finds valid against the schema. */
export function checkSchema(expected: { schema: unknown; asked: string }, choice: AnswerChoice, frame: number | null, found: RequestFinding[], validator?: SchemaValidator): void {
  // A turn that ended in tool calls or a refusal has no final text to hold to the schema.
  if (choice.text === '' && (choice.toolCalls.length > 0 || choice.refusal !== '')) return;
  const asked = `The request asked for JSON that follows a schema (${expected.asked})`;
  let value: unknown;
  try {
    value = JSON.parse(choice.text);
  } catch {
    const told = validator === undefined ? ' (Installing `ajv` lets the JSON be validated against the schema too.)' : '';
    found.push({ code: 'schema unmet', message: `${asked}; the text of choice ${choice.index} is not JSON: ${excerpt(choice.text)}.${told}`, frame });
    return;
  }
  if (validator === undefined) {
    found.push({ code: 'schema unchecked', message: `${asked}; the text of choice ${choice.index} is JSON, but no validator was given, so it was not checked against the schema. Install \`ajv\` (the matchers and the CLI use it), or pass \`schemaValidator\`.`, frame });
    return;
  }
  const result = validator(expected.schema, value);
  if (result.valid) return;
  const shown = result.errors.slice(0, ERRORS_SHOWN).join('; ');
  const more = result.errors.length > ERRORS_SHOWN ? ` (and ${result.errors.length - ERRORS_SHOWN} more)` : '';
  found.push({ code: 'schema unmet', message: `${asked}; the JSON text of choice ${choice.index} does not validate: ${shown}${more}.`, frame });
}

/**
 * The stream names the model asked for: the same name, or the name followed by a dash and a date or version that
 * starts with a digit (`gpt-4o` → `gpt-4o-2024-08-06`); an alias ending in `-latest` stands for any such suffix.
 */
export function checkModel(asked: string, came: string | null, found: RequestFinding[]): void {
  if (came === null || echoes(asked, came)) return;
  found.push({
    code: 'model mismatch',
    message: `The request asked for model \`${asked}\`; the stream names \`${came}\`. It counts as the same model when it is that name, or that name followed by a dash and a date or version (\`gpt-4o\` → \`gpt-4o-2024-08-06\`). A relay may have routed the request elsewhere.`,
    frame: 0,
  });
}

function echoes(asked: string, came: string): boolean {
  const stem = asked.endsWith('-latest') ? asked.slice(0, -'-latest'.length) : asked;
  if (came === asked || came === stem) return true;
  return came.startsWith(`${stem}-`) && /^[0-9]/.test(came.slice(stem.length + 1));
}

function excerpt(text: string): string {
  if (text === '') return 'it is empty';
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}
