// `--request FILE`: the request that produced the capture, read from a file (its body as JSON, a RequestInit, or a
// fault server journal entry), with ajv for its JSON schema when ajv is installed.
import { readFileSync } from 'node:fs';
import { readRequest, SseReconstructError, type ReconstructOptions } from '../core/index.js';
import { ajvSchemaValidator } from '../matchers/schema-validator.js';

/** The reconstruct options `--request FILE` adds, or the usage error that says why the file cannot be used. */
export function requestFileOptions(path: string): Pick<ReconstructOptions, 'request' | 'schemaValidator'> | string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return `--request cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}); pass a file with the request body as JSON`;
  }
  try {
    readRequest(text);
  } catch (error) {
    if (error instanceof SseReconstructError) return `--request ${path}: ${error.message.replace(/^sse-reconstruct: options\.request /, 'the file ')}`;
    throw error;
  }
  const schemaValidator = ajvSchemaValidator();
  return schemaValidator === undefined ? { request: text } : { request: text, schemaValidator };
}
