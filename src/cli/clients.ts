// `--clients`: what each real client of the stream's format does with the capture, as a section of the report (or a
// `clients` member of the JSON).
import { paletteFor, plural, readClients, type ClientReading, type Reconstruction, type StreamReconstruction } from '../core/index.js';

/** The clients' readings of a capture read whole (`text`), or null when it was too large to keep. */
export function clientReadings(result: Reconstruction, text: string | null): ClientReading[] | null {
  if (text === null) return null;
  return readClients(text, result as StreamReconstruction).readings;
}

/**
 * The report's Clients section: what the stream is, then one line per client reader, marked by whether it hands its
 * caller the documented answer (✓), hands over what the documentation makes of a broken stream (~), or not (✗).
 */
export function clientsSection(result: Reconstruction, readings: ClientReading[] | null, color: boolean): string {
  const paint = paletteFor(color);
  const heading = paint.heading('Clients');
  if (readings === null) return `\n${heading}\n  the capture is too large to keep whole here: read it with clientsOf() from the package\n`;
  if (readings.length === 0) return `\n${heading}\n  no client profile reads ${result.format ?? 'this'} streams yet\n`;
  const handing = readings.filter((reading) => reading.verdict === 'hands over the answer').length;
  const first = readings[0]!;
  const stream = first.stream === 'whole' ? paint.good('the stream is whole') : paint.bad(`the stream is broken: ${first.streamWhy}`);
  const lines = readings.map((reading) => {
    const mark = reading.readsWhole ? paint.good('✓') : reading.verdict === 'hands over the answer' ? paint.warn('~') : paint.bad('✗');
    return `  ${mark} ${reading.client} ${paint.dim(reading.versions)}, ${reading.reader}: ${reading.verdict}\n      ${reading.why}`;
  });
  return `\n${heading} ${paint.dim(`(${handing} of ${plural(readings.length, 'reader')} hand over the documented answer)`)}\n  ${stream}\n${lines.join('\n')}\n`;
}
