import { readScript, scriptText, type Fault, type StreamScript } from '../../src/faults/index.js';

/** Reads a script at its pace; throws, saying what differs, unless the library reports exactly what the script's expectation states. */
export function expectStatedReading(script: StreamScript, faults: readonly Fault[] = []): void {
  const reading = readScript(script);
  const codes = Object.keys(reading.findingCounts).sort();
  const { expected } = script;
  const findingsAgree = expected.exact ? codes.join() === expected.findings.join() : expected.findings.every((code) => codes.includes(code));
  if (reading.verdict === expected.verdict && reading.outcome === expected.outcome && findingsAgree) return;
  const text = scriptText(script);
  throw new Error(
    [
      `faults: ${faults.map((f) => f.name).join(', ') || 'none'}`,
      `expected: ${expected.verdict} / ${expected.outcome} / ${expected.findings.join(', ')}${expected.exact ? ' (exact)' : ' (at least)'}`,
      `read:     ${reading.verdict} / ${reading.outcome} / ${codes.join(', ')}`,
      ...reading.findings.map((f) => `  ${f.code} @${f.frame ?? '-'}: ${f.message.slice(0, 160)}`),
      `stream (${text.length} chars): ${JSON.stringify(text.length > 1500 ? `${text.slice(0, 700)} … ${text.slice(-700)}` : text)}`,
    ].join('\n'),
  );
}
