// `--clients`: what each real client of the stream's format does with the capture, as a section of the report (or a
// `clients` member of the JSON).
import { paletteFor, plural, readClients, type ClientReading, type Reconstruction, type StreamReconstruction } from '../core/index.js';

/** The clients' readings of a capture read whole (`text`), or null when it was too large to keep. */
export function clientReadings(result: Reconstruction, text: string | null): ClientReading[] | null {
  if (text === null) return null;
  return readClients(text, result as StreamReconstruction).readings;
}

/** The report's Clients section: one line per client reader, marked by whether it reads the stream whole. */
export function clientsSection(result: Reconstruction, readings: ClientReading[] | null, color: boolean): string {
  const paint = paletteFor(color);
  const heading = paint.heading('Clients');
  if (readings === null) return `\n${heading}\n  the capture is too large to keep whole here: read it with clientsOf() from the package\n`;
  if (readings.length === 0) return `\n${heading}\n  no client profile reads ${result.format ?? 'this'} streams yet\n`;
  const whole = readings.filter((reading) => reading.verdict === 'reads it whole').length;
  const lines = readings.map((reading) => {
    const mark = reading.verdict === 'reads it whole' ? paint.good('✓') : paint.bad('✗');
    return `  ${mark} ${reading.client} ${paint.dim(reading.versions)}, ${reading.reader}\n      ${reading.why}`;
  });
  return `\n${heading} ${paint.dim(`(${whole} of ${plural(readings.length, 'reader')} read it whole)`)}\n${lines.join('\n')}\n`;
}
