// How LangChain.js reads a tool call's arguments that may be cut short (@langchain/core 1.4.0 `utils/json.js`,
// `parsePartialJson`): JSON.parse first; else a recursive-descent reader over the trimmed text that takes what it can
// (an object or array the end cut is closed, a string the end cut keeps what it has, a literal's prefix such as `tr`
// reads as the literal) and gives null for anything else. Its null makes the call an invalid tool call.
import { defineData } from './langchain-dicts.js';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', b: '\b', f: '\f', '/': '/' };

/** The value LangChain makes of `text`, or null where its parser gives up. */
export function parsePartialJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // the partial reader below
  }
  const buffer = text.trim();
  if (buffer.length === 0) return null;
  try {
    const reader = new PartialReader(buffer);
    const value = reader.value();
    reader.skipSpace();
    return reader.atEnd() ? value : null;
  } catch (error) {
    if (error instanceof PartialJsonError) return null;
    throw error;
  }
}

class PartialJsonError extends Error {}

/** The reader's state: the trimmed text and where it is. */
class PartialReader {
  private at = 0;

  constructor(private readonly buffer: string) {}

  atEnd(): boolean {
    return this.at >= this.buffer.length;
  }

  skipSpace(): void {
    while (this.at < this.buffer.length && /\s/.test(this.buffer[this.at]!)) this.at++;
  }

  value(): unknown {
    this.skipSpace();
    if (this.atEnd()) throw new PartialJsonError();
    const char = this.buffer[this.at]!;
    if (char === '{') return this.object();
    if (char === '[') return this.array();
    if (char === '"') return this.string();
    for (const [word, literal] of [['null', null], ['true', true], ['false', false]] as const) {
      if (word.startsWith(this.buffer.substring(this.at, this.at + word.length))) {
        this.at += Math.min(word.length, this.buffer.length - this.at);
        return literal;
      }
    }
    if (char === '-' || (char >= '0' && char <= '9')) return this.number();
    throw new PartialJsonError();
  }

  private string(): string {
    if (this.buffer[this.at] !== '"') throw new PartialJsonError();
    this.at++;
    let result = '';
    let escaped = false;
    for (; this.at < this.buffer.length; this.at++) {
      const char = this.buffer[this.at]!;
      if (escaped) {
        result += this.escape(char);
        escaped = false;
      } else if (char === '\\') escaped = true;
      else if (char === '"') {
        this.at++;
        return result;
      } else result += char;
    }
    return escaped ? result + '\\' : result;
  }

  /** One escape after a backslash; `\u` with fewer than four hex digits keeps them as text. */
  private escape(char: string): string {
    if (Object.prototype.hasOwnProperty.call(ESCAPES, char)) return ESCAPES[char]!;
    if (char !== 'u') throw new PartialJsonError();
    const hex = this.buffer.substring(this.at + 1, this.at + 5);
    if (!/^[0-9A-Fa-f]{0,4}$/.test(hex)) throw new PartialJsonError();
    this.at += hex.length;
    return hex.length === 4 ? String.fromCharCode(Number.parseInt(hex, 16)) : `u${hex}`;
  }

  private number(): number {
    const digits = (): string => {
      const start = this.at;
      while (this.at < this.buffer.length && this.buffer[this.at]! >= '0' && this.buffer[this.at]! <= '9') this.at++;
      return this.buffer.slice(start, this.at);
    };
    let text = '';
    if (this.buffer[this.at] === '-') [text, this.at] = ['-', this.at + 1];
    if (this.buffer[this.at] === '0') {
      [text, this.at] = [text + '0', this.at + 1];
      if (this.buffer[this.at]! >= '0' && this.buffer[this.at]! <= '9') throw new PartialJsonError();
    }
    if (this.buffer[this.at]! >= '1' && this.buffer[this.at]! <= '9') text += digits();
    if (this.buffer[this.at] === '.') [text, this.at] = [text + '.', this.at + 1];
    if (text.endsWith('.')) text += digits();
    if (this.buffer[this.at] === 'e' || this.buffer[this.at] === 'E') {
      [text, this.at] = [text + this.buffer[this.at]!, this.at + 1];
      if (this.buffer[this.at] === '+' || this.buffer[this.at] === '-') [text, this.at] = [text + this.buffer[this.at]!, this.at + 1];
      text += digits();
    }
    if (text === '-') return -0;
    const number = Number.parseFloat(text);
    if (Number.isNaN(number)) throw new PartialJsonError();
    return number;
  }

  private array(): unknown[] {
    const items: unknown[] = [];
    this.at++;
    this.skipSpace();
    if (this.buffer[this.at] === ']') return (this.at++, items);
    while (!this.atEnd()) {
      this.skipSpace();
      if (this.atEnd()) return items;
      items.push(this.value());
      if (this.closes(']')) return items;
    }
    return items;
  }

  private object(): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.at++;
    this.skipSpace();
    if (this.buffer[this.at] === '}') return (this.at++, object);
    while (!this.atEnd()) {
      this.skipSpace();
      if (this.atEnd()) return object;
      const key = this.string();
      this.skipSpace();
      if (this.atEnd()) return object;
      if (this.buffer[this.at] !== ':') throw new PartialJsonError();
      this.at++;
      this.skipSpace();
      if (this.atEnd()) return object;
      const value = this.value();
      // LangChain assigns `obj[key] = value`: a `__proto__` key goes to the prototype setter and is no data of the result.
      if (key !== '__proto__') defineData(object, key, value);
      if (this.closes('}')) return object;
    }
    return object;
  }

  /** After a member: true at the closer or the end, on past a comma, else the text is not JSON. */
  private closes(closer: string): boolean {
    this.skipSpace();
    if (this.atEnd()) return true;
    if (this.buffer[this.at] === closer) return (this.at++, true);
    if (this.buffer[this.at] !== ',') throw new PartialJsonError();
    this.at++;
    return false;
  }
}
