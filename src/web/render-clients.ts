// The client panel: what the stream is, then each real client reader of its format (`clientsOf`), with what it does
// with the stream and why, what it hands its caller, and where its behaviour was read. Marked so a person sees at
// once which clients break: ✓ the client hands over the whole answer, ~ it hands over what the documentation makes of
// a broken stream (the stream is at fault), ✗ it hides a cut, returns another answer, throws or hangs.
import { CLIENT_READ_CHARS, type PageClientReading, type PageClients } from './report-model.js';
import { escapeHtml, inlineCode, plural } from './html.js';

const STREAM_WORDS: Record<PageClients['stream'], string> = {
  whole: 'The stream is whole: what a client does with it is the client’s doing.',
  'did not finish': 'The stream did not finish',
  'off its documentation': 'The stream is off its documentation',
};

/** The client panel as HTML, or nothing when no client profile reads the stream's format. */
export function clientsSection(clients: PageClients | null): string {
  if (clients === null) return '';
  const broken = clients.stream !== 'whole';
  const stream = `<p class="stream-state ${broken ? 'bad-text' : 'good-text'}" data-testid="stream-state" data-stream="${escapeHtml(clients.stream)}"><strong>${STREAM_WORDS[clients.stream]}</strong>${broken ? `: ${inlineCode(clients.streamWhy)}.` : ''}</p>`;
  if (clients.readings.length === 0) {
    return `<section id="clients"><h2>Clients</h2>${stream}<p class="empty">The capture is over ${plural(CLIENT_READ_CHARS, 'character')}: the page does not read it again for each client. Use <code>clientsOf()</code> from the package, or <code>sse-reconstruct --clients</code>.</p></section>`;
  }
  const handing = clients.readings.filter((reading) => reading.readsWhole).length;
  const rows = clients.readings.map(clientRow).join('\n');
  return `<section id="clients" class="clients"><h2>Clients <span class="count" data-testid="clients-count">${handing} of ${clients.readings.length} read it whole</span></h2>
${stream}
<table class="plain clients-table"><thead><tr><th>Client</th><th>Reader</th><th>What it does</th><th>Hands its caller</th></tr></thead><tbody>
${rows}
</tbody></table></section>`;
}

function clientRow(reading: PageClientReading): string {
  const tone = reading.readsWhole ? 'good' : reading.verdict === 'hands over the answer' ? 'warn' : 'bad';
  const mark = tone === 'good' ? '✓' : tone === 'warn' ? '~' : '✗';
  const calls = reading.toolCalls.length === 0 ? '' : `<br>${plural(reading.toolCalls.length, 'tool call')}: ${reading.toolCalls.map((call) => `<code>${escapeHtml(call.name)}</code>`).join(', ')}`;
  return `<tr class="client-row" data-client="${escapeHtml(reading.client)}" data-verdict="${escapeHtml(reading.verdict)}">
  <td><strong>${escapeHtml(reading.client)}</strong><br><span class="muted">${escapeHtml(reading.versions)}</span></td>
  <td><span class="mono reader">${escapeHtml(reading.reader)}</span><span class="source"><strong>Source:</strong> ${inlineCode(reading.source)}</span></td>
  <td><span class="client-verdict ${tone}-text" data-testid="client-verdict">${mark} ${escapeHtml(reading.verdict)}</span><p class="client-why">${inlineCode(reading.why)}</p></td>
  <td>${handedHtml(reading)}${calls}</td>
</tr>`;
}

/** What the caller holds: the answer it returned, the error it got (and what a loop handed before), or what came so far. */
function handedHtml(reading: PageClientReading): string {
  const text = plural(reading.textChars, 'character');
  if (reading.verdict === 'throws') return reading.textChars > 0 ? `an error, after ${text}` : 'an error';
  if (reading.verdict === 'hangs') return `${text} so far, then waits`;
  return text;
}
