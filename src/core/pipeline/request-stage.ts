// The pipeline's last check: the stream held against the request that produced it (options.request), with the
// format's reading of the request and the format-neutral answer; each finding placed at its frame's line.
import { answerOf, type AnswerSource } from '../answer/answer-of.js';
import type { AnswerPlaces } from '../answer/places.js';
import type { FindingList } from '../findings.js';
import type { FormatModule } from '../model.js';
import { checkRequest } from '../request/check.js';
import type { RequestView, SchemaValidator } from '../request/types.js';

/** What the stage reads of the ended stream. */
export interface RequestStageInput {
  module: FormatModule;
  request: RequestView;
  source: AnswerSource;
  places: AnswerPlaces;
  findings: FindingList;
  /** The line each of these frames starts on. */
  linesOf: (frames: ReadonlySet<number>) => Map<number, number>;
  validator?: SchemaValidator | undefined;
}

/** Adds a finding to `findings` for each thing the request asked that the stream does not show. */
export function checkAgainstRequest(input: RequestStageInput): void {
  const { module, findings } = input;
  const expected = module.request.expectations(input.request);
  const stream = {
    answer: answerOf(input.source),
    places: input.places,
    model: module.request.modelOf(input.source.response),
    signatureFound: findings.has('signature missing'),
  };
  const found = checkRequest(expected, stream, input.validator);
  if (found.length === 0) return;
  const frames = new Set(found.flatMap((finding) => (finding.frame === null ? [] : [finding.frame])));
  const lines = input.linesOf(frames);
  for (const finding of found) {
    const line = finding.frame === null ? 0 : (lines.get(finding.frame) ?? 0);
    if (finding.frame === null || line === 0) findings.add(finding.code, finding.message, 0, 0);
    else findings.add(finding.code, finding.message, line, 1, finding.frame);
  }
}
