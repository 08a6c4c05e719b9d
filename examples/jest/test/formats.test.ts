// Every format the package reads, from the package as a user installs it (CommonJS, through ts-jest): for each
// format in the registry, its tool-call fixture reconstructs to the non-streamed response it stands for and passes
// the matchers, and the same stream without its end fails them. No format is named here: the list is the package's own.
import { FORMAT_MODULES, reconstruct } from 'sse-reconstruct';
import { applyFaults, scriptText, dropEnd } from 'sse-reconstruct/faults';
import { fixture } from 'sse-reconstruct/fixtures';

describe.each(FORMAT_MODULES.map((module) => [module.title, module.name] as const))('%s', (_title, format) => {
  const clean = fixture(format, 'tool-call');
  const cut = scriptText(applyFaults(clean, dropEnd()));

  test('its fixture is told from its frames and reconstructs to the response it stands for', () => {
    const reading = reconstruct(clean.stream);
    expect(reading.format).toBe(format);
    expect(reading.response).toEqual(clean.response);
    expect([reading.verdict, reading.outcome]).toEqual([clean.expected.verdict, clean.expected.outcome]);
    expect(Object.keys(reading.findingCounts).sort()).toEqual([...clean.expected.findings].sort());
    // A format whose wire is binary (Bedrock's event stream) carries that body too, and it reads alike.
    if (clean.bytes !== undefined) expect(reconstruct(clean.bytes).response).toEqual(clean.response);
  });

  test('the matchers pass on it', () => {
    expect(clean.stream).toBeComplete();
    expect(clean.stream).toHaveNoFindings({ severity: 'warning' });
    expect(clean.stream).toReconstructAs(clean.response, { format });
  });

  test('without its end, it fails them', () => {
    expect(cut).not.toBeComplete();
    expect(() => expect(cut).toBeComplete()).toThrow(/did not finish|not the whole/);
    expect(reconstruct(cut, { format }).verdict).not.toBe('complete');
  });
});
