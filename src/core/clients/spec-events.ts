// The event reading of `eventsource-parser` 3.1 (the copy @ai-sdk/provider-utils@4 depends on, through
// `EventSourceParserStream` behind a TextDecoderStream), which follows the WHATWG rules: lines end at CRLF, CR or LF;
// one byte-order mark is dropped at the very start of the stream only (by the decoder); a blank line dispatches when at
// least one `data` line was seen (an empty `data:` line counts); what no blank line ends at the end of the body is never
// dispatched (the stream has no flush), and a CR that ends the body is held to see whether an LF follows, so the
// line it would end is never read either. (A CR that ends a read is held until a later read brings a line end: the
// body is read here as one read, so only the body's own last CR is held.)

/** The data of each event the spec's reader dispatches from a body's text, in order. */
export function specEventDataOf(text: string): string[] {
  const unbommed = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const body = unbommed.endsWith('\r') ? unbommed.slice(0, -1) : unbommed;
  const dispatched: string[] = [];
  let data: string[] = [];
  const lines = body.split(/\r\n|\r|\n/);
  // The piece after the last line end is a line that never ended: it is not read.
  lines.pop();
  for (const line of lines) {
    if (line === '') {
      if (data.length > 0) dispatched.push(data.join('\n'));
      data = [];
      continue;
    }
    const colon = line.indexOf(':');
    if (colon === 0) continue;
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') continue;
    data.push(colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1));
  }
  return dispatched;
}
