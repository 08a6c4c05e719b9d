// The event reading the Stainless-generated SDKs share (openai-node `core/streaming.js` `_iterSSEMessages` with its
// LineDecoder; @anthropic-ai/sdk `core/streaming.js`'s own line reader): lines end at CRLF, CR or LF; a byte-order
// mark is dropped at the start of any line; only `event` and `data` fields are kept (no `id`, no `retry`); a blank
// line dispatches when a non-empty `event` or a `data` field was seen, so an `event:` line with no data dispatches an empty
// data. What no blank line ends at the end of the body is never dispatched.

/** One event as these SDKs hand it on: its `event` field (null when it had none) and its data lines joined. */
export interface SdkEvent {
  event: string | null;
  data: string;
}

/** The events the SDKs' reader dispatches from a body's text, in order. */
export function sdkEventsOf(text: string): SdkEvent[] {
  const events: SdkEvent[] = [];
  let event: string | null = null;
  let data: string[] = [];
  for (const rawLine of linesOf(text)) {
    const line = rawLine.charCodeAt(0) === 0xfeff ? rawLine.slice(1) : rawLine;
    if (line === '') {
      // Both SDKs test `!event && !data.length`: an empty `event:` value alone dispatches nothing.
      if (event || data.length > 0) events.push({ event, data: data.join('\n') });
      event = null;
      data = [];
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return events;
}

/** The body's lines; the text after the last line end is a line too (it can end no event). */
function linesOf(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  // A body that ends with a line end leaves an empty last piece: it is not a blank line.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
