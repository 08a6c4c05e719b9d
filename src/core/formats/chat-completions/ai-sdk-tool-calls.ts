// The AI SDK's join of streamed tool-call fragments, modelled from @ai-sdk/provider-utils@4.0.65
// `StreamingToolCallTracker` (as @ai-sdk/openai's chat model drives it): a fragment joins a call by its id, then by its
// index (and name); a fragment that carries a name and arguments starting a new JSON value after the call's value is
// complete starts another call, so two calls sharing index 0 stay two; a new call with no name throws; an id already
// used, or none, gets a made-up one. Calls are handed over at the end of the stream, in index order.
import { ClientThrow, field } from '../../clients/run.js';

interface TrackedCall {
  id: string;
  /** Whether the wire gave the id (false: the SDK made it up). */
  wireGaveId: boolean;
  index: number | undefined;
  sequence: number;
  name: string;
  arguments: string;
  argumentState: ArgumentState;
}

type Resolution = { kind: 'new' } | { kind: 'ambiguous' } | { kind: 'existing'; call: TrackedCall };

/** The tracker's `StreamingToolCallArgumentState`: whether the arguments hold one whole JSON object or array. */
class ArgumentState {
  private kind: 'undetermined' | 'structured' | 'other' = 'undetermined';
  private stack: string[] = [];
  private inString = false;
  private escaped = false;
  complete = false;

  append(delta: string): void {
    for (const character of delta) {
      if (this.kind === 'undetermined') {
        if (/\s/.test(character)) continue;
        if (character !== '{' && character !== '[') this.kind = 'other';
        else [this.kind, this.stack] = ['structured', [character]];
        continue;
      }
      if (this.kind !== 'structured' || this.complete) continue;
      this.step(character);
    }
  }

  private step(character: string): void {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (character === '\\') this.escaped = true;
      else if (character === '"') this.inString = false;
      return;
    }
    if (character === '"') this.inString = true;
    else if (character === '{' || character === '[') this.stack.push(character);
    else if (character === '}' || character === ']') {
      if (this.stack[this.stack.length - 1] !== (character === '}' ? '{' : '[')) {
        this.kind = 'other';
        this.complete = false;
        return;
      }
      this.stack.pop();
      if (this.stack.length === 0) this.complete = true;
    }
  }
}

const nonBlank = (value: unknown): string | undefined => (typeof value === 'string' && value.trim().length > 0 ? value : undefined);
const startsStructured = (value: unknown): boolean => typeof value === 'string' && /^[{[]/.test(value.trimStart());

/** The tracker for one stream: fragments in, the calls the caller gets out. */
export class AiSdkToolCalls {
  private readonly calls: TrackedCall[] = [];
  private readonly byId = new Map<string, Set<TrackedCall>>();
  private readonly byIndex = new Map<number, Set<TrackedCall>>();
  private readonly usedIds = new Set<string>();
  private madeUp = 0;

  /** `processDelta` for one fragment the chunk schema accepted. */
  add(fragment: unknown): void {
    const fn = field(fragment, 'function');
    const wireName = field(fn, 'name');
    const wireId = nonBlank(field(fragment, 'id'));
    const name = nonBlank(wireName);
    const index = field(fragment, 'index') as number;
    const args = field(fn, 'arguments');
    const resolution = this.resolve(wireId, index, name, name !== undefined && startsStructured(args));
    if (resolution.kind === 'ambiguous') return;
    let call: TrackedCall;
    if (resolution.kind === 'new') {
      if (typeof wireName === 'string' && wireName.trim().length === 0) return;
      if (name === undefined) throw new ClientThrow("InvalidResponseDataError: Expected 'function.name' to be a string.");
      call = this.start(wireId, index, name, typeof args === 'string' ? args : '');
    } else {
      call = resolution.call;
      if (wireId !== undefined) addTo(this.byId, wireId, call);
      if (typeof args === 'string') {
        call.argumentState.append(args);
        call.arguments += args;
      }
    }
    addTo(this.byIndex, index, call);
  }

  /** The `tool-call` parts `flush` sends: every call, by index when all have one (they do: the schema requires it). */
  finished(): Array<{ id: string; wireGaveId: boolean; name: string; arguments: string }> {
    return [...this.calls]
      .sort((a, b) => (a.index ?? 0) - (b.index ?? 0) || a.sequence - b.sequence)
      .map((call) => ({ id: call.id, wireGaveId: call.wireGaveId, name: call.name, arguments: call.arguments }));
  }

  private start(wireId: string | undefined, index: number, name: string, args: string): TrackedCall {
    const fresh = wireId !== undefined && !this.usedIds.has(wireId);
    const id = fresh ? wireId : `generated-${++this.madeUp}`;
    this.usedIds.add(id);
    const argumentState = new ArgumentState();
    argumentState.append(args);
    const call: TrackedCall = { id, wireGaveId: fresh, index, sequence: this.calls.length, name, arguments: args, argumentState };
    this.calls.push(call);
    if (wireId !== undefined) addTo(this.byId, wireId, call);
    return call;
  }

  /** `resolveToolCall` (the index is always present here: the schema requires it). */
  private resolve(wireId: string | undefined, index: number, name: string | undefined, explicitStart: boolean): Resolution {
    const indexed = this.byIndex.get(index);
    const matchingIndexed = indexed === undefined ? [] : [...indexed].filter((call) => name === undefined || call.name === name);
    if (wireId !== undefined) {
      const withId = this.byId.get(wireId);
      if (withId !== undefined) {
        const matching = resolveMatching(matchingIndexed.filter((call) => withId.has(call)), explicitStart);
        if (matching.kind !== 'new') return matching;
        if (name !== undefined) return { kind: 'new' };
        if (indexed !== undefined) return { kind: 'ambiguous' };
        return resolveMatching([...withId], false);
      }
      if (matchingIndexed.length > 0) return explicitStart ? { kind: 'new' } : resolveMatching(matchingIndexed, false);
      return { kind: 'new' };
    }
    if (indexed !== undefined) return resolveMatching(matchingIndexed, explicitStart);
    return { kind: 'new' };
  }
}

function resolveMatching(calls: TrackedCall[], explicitStart: boolean): Resolution {
  if (calls.length === 0) return { kind: 'new' };
  if (!explicitStart) return calls.length === 1 ? { kind: 'existing', call: calls[0]! } : { kind: 'ambiguous' };
  const continuable = calls.filter((call) => !call.argumentState.complete);
  if (continuable.length === 1) return { kind: 'existing', call: continuable[0]! };
  return continuable.length > 1 ? { kind: 'ambiguous' } : { kind: 'new' };
}

function addTo<K>(map: Map<K, Set<TrackedCall>>, key: K, call: TrackedCall): void {
  let set = map.get(key);
  if (set === undefined) map.set(key, (set = new Set()));
  set.add(call);
}
