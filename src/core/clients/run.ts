// What every profile needs to say what its client did: a run that ends by the body's ending, a thrown error, and the
// JSON parse the SDKs do (its real message, so a caller sees what the client would throw).
import type { BodyEnding, ClientRun, ClientToolCall } from './types.js';

/** Raised inside a profile to stop its model where the real client throws; `read` turns it into a run. */
export class ClientThrow {
  constructor(readonly thrown: string) {}
}

/** What the caller holds so far, to end a run with. */
export interface Handed {
  text: string;
  toolCalls: ClientToolCall[];
  notes: string[];
}

/** JSON.parse as the SDK calls it: the value, or the SyntaxError it throws. */
export function parseLikeClient(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch (error) {
    throw new ClientThrow(`SyntaxError: ${(error as Error).message}`);
  }
}

/** How a loop over the body ends once every event was read: the body's ending decides (a failed read rejects). */
export function endOfBody(ending: BodyEnding, handed: Handed, failedAs = 'TypeError: terminated'): ClientRun {
  if (ending === 'failed') return { ends: 'throws', thrown: failedAs, ...handed };
  if (ending === 'open') return { ends: 'hangs', thrown: null, ...handed };
  return { ends: 'returns', thrown: null, ...handed };
}

/** Runs a profile's model: a `ClientThrow` becomes a run that throws, with what was handed over before it. */
export function runModel(handed: Handed, model: () => ClientRun): ClientRun {
  try {
    return model();
  } catch (error) {
    if (!(error instanceof ClientThrow)) throw error;
    return { ends: 'throws', thrown: error.thrown, ...handed };
  }
}

/** True for a key a JavaScript array holds as an element (`"0"`, `"12"`), not as a named property (`"undefined"`). */
export function isArrayIndex(key: string): boolean {
  const number = Number(key);
  return Number.isInteger(number) && number >= 0 && number < 2 ** 32 - 1 && String(number) === key;
}

/** A record's own value at `key`, read safely (wire objects may have any keys). */
export function field(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}
