// How @anthropic-ai/sdk reads a tool input that may be cut short (its vendored partial-JSON parser, 1.14.0
// `_vendor/partial-json-parser/parser.js`): the text is cut into JSON tokens, a token the end may have cut is dropped
// (an unclosed string, a number running to the end, a key with no value yet, a trailing comma or colon), open
// brackets are closed, and the result goes to JSON.parse. Text with anything that is not a JSON token goes to
// JSON.parse as it is, so it throws.

type Token =
  | { type: 'open' | 'close' | 'colon' | 'comma'; value: string }
  | { type: 'string'; value: string }
  | { type: 'number'; value: string; unterminated: boolean }
  | { type: 'name'; value: string };

const LITERALS = ['true', 'false', 'null'];
const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/;
const PUNCTUATION: Record<string, Token['type']> = { '{': 'open', '[': 'open', '}': 'close', ']': 'close', ':': 'colon', ',': 'comma' };

/** The value the SDK hands for `text`; throws the SyntaxError JSON.parse throws where the SDK's parser throws. */
export function partialJson(text: string): unknown {
  const tokens = tokensOf(text);
  const completed = tokens && closed(stripped(tokens));
  return JSON.parse(completed ? written(completed) : text) as unknown;
}

function tokensOf(input: string): Token[] | null {
  const tokens: Token[] = [];
  let at = 0;
  while (at < input.length) {
    const char = input[at]!;
    const type = Object.prototype.hasOwnProperty.call(PUNCTUATION, char) ? PUNCTUATION[char] : undefined;
    if (type !== undefined) {
      tokens.push({ type, value: char } as Token);
      at++;
    } else if (char === '"') {
      const end = closingQuote(input, at + 1);
      if (end === -1) return tokens; // an unclosed string: the end cut it, so it goes
      tokens.push({ type: 'string', value: input.slice(at + 1, end) });
      at = end + 1;
    } else if (' \t\n\r'.includes(char)) {
      at++;
    } else if (/[0-9.-]/.test(char)) {
      const value = numberAt(input, at);
      at += value.length;
      tokens.push({ type: 'number', value, unterminated: at === input.length });
    } else if (/[a-z]/i.test(char)) {
      const value = /^[a-z]+/i.exec(input.slice(at))![0];
      at += value.length;
      if (LITERALS.includes(value)) tokens.push({ type: 'name', value });
      else if (!(LITERALS.some((word) => word !== value && word.startsWith(value)) && /^[ \t\n\r]*$/.test(input.slice(at)))) return null;
    } else {
      return null;
    }
  }
  return tokens;
}

/** The number token at `at`: a sign, then digits, dots and exponent marks, a sign only right after an exponent mark. */
function numberAt(input: string, at: number): string {
  let value = input[at] === '-' ? '-' : '';
  for (let next = at + value.length; next < input.length; next++) {
    const char = input[next]!;
    if (!/[0-9.eE]/.test(char) && !((char === '-' || char === '+') && /[eE]$/.test(value))) break;
    value += char;
  }
  return value;
}

/** The `"` that closes a string opened before `start`: one after an even number of backslashes; -1 when none. */
function closingQuote(input: string, start: number): number {
  for (let end = input.indexOf('"', start); end !== -1; end = input.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (end - 1 - backslashes >= start && input[end - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return end;
  }
  return -1;
}

/** Drops the tokens at the end that the cut may have left unfinished. */
function stripped(tokens: Token[]): Token[] {
  const open: string[] = [];
  for (const token of tokens) if (token.type === 'open') open.push(token.value);
  else if (token.type === 'close') open.pop();
  const innermost = open[open.length - 1];
  let length = tokens.length;
  while (length > 0) {
    const last = tokens[length - 1]!;
    const before = tokens[length - 2];
    if (last.type === 'colon') length--;
    else if (last.type === 'number' && (last.unterminated || !JSON_NUMBER.test(last.value))) length--;
    else if (last.type === 'string' && innermost === '{' && (before?.type === 'comma' || (before?.type === 'open' && before.value === '{'))) length--;
    else if (last.type === 'comma') return tokens.slice(0, length - 1);
    else break;
  }
  return tokens.slice(0, length);
}

/** Closes the brackets left open; null when a closer does not match. */
function closed(tokens: Token[]): Token[] | null {
  const tail: string[] = [];
  for (const token of tokens) {
    if (token.type === 'open') tail.push(token.value === '{' ? '}' : ']');
    else if (token.type === 'close' && tail.pop() !== token.value) return null;
  }
  return [...tokens, ...tail.reverse().map((value): Token => ({ type: 'close', value }))];
}

function written(tokens: Token[]): string {
  const scalar = (token: Token | undefined) => token?.type === 'string' || token?.type === 'number' || token?.type === 'name';
  return tokens.map((token, at) => (scalar(tokens[at - 1]) && scalar(token) ? ' ' : '') + (token.type === 'string' ? `"${token.value}"` : token.value)).join('');
}
