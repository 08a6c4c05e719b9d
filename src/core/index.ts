export { createDecoder, readPayload, MAX_HELD_CHARS } from './decode/index.js';
export { createFrameCutter, type FrameCutter, type FrameEndCallback } from './decode/frame-cuts.js';
export { createFrameReader, decode, decodeAs } from './pipeline/decode.js';
export { framingOf, hasFraming, type Framing, type FramingName, type FrameReaderSetup } from './decode/framing.js';
export type {
  DecodeOptions,
  DecodeResult,
  DecoderCallbacks,
  DecoderSummary,
  EventStreamDecoder,
  Frame,
  FrameCallback,
  FrameEnding,
  FrameMarks,
  FrameReader,
  LineTally,
  Payload,
} from './decode/index.js';
export { FINDINGS, FINDING_CODES, FINDINGS_LISTED_PER_CODE, FindingList, isFindingCode } from './findings.js';
export type { CollectedFindings, Finding, FindingCode, FindingEntry, Severity } from './findings.js';
export type { StreamText } from './input/chunks.js';
export { isLiveStream, type StreamInput, type StreamOptions, type StreamReconstruction, type LiveStream, type LiveStreamFacts } from './input/stream.js';
export { readStream, reconstructStream, resultAs, type LiveRead } from './pipeline/stream.js';
export { reconstruct, createReconstruction, isReconstruction, RECONSTRUCTION_BRAND } from './reconstruct.js';
export type { ReconstructionSession } from './reconstruct.js';
export { FORMAT_MODULES, formatModule } from './formats/registry.js';
export { FORMAT_NAMES, OUTCOMES, VERDICTS } from './model.js';
export { DEFAULT_DEADLINES } from './judge/index.js';
export type {
  Assembler,
  Assembly,
  AssemblyContext,
  BehaviorStep,
  Choice,
  Deadlines,
  FinishOutcome,
  FinishReasonEntry,
  FinishReasonTable,
  FormatModule,
  FormatName,
  FrameRecord,
  Outcome,
  Reconstruction,
  ReconstructOptions,
  SynthesizeOptions,
  Timing,
  ToolCall,
  Verdict,
  WireWriter,
} from './model.js';
export { renderText, type TextReportOptions } from './render/text.js';
export { synthesize } from './synthesize.js';
export { wireBytes } from './pipeline/wire-bytes.js';
export { answerOf, FINISH_CLASSES, placesOf, type AnswerSource } from './answer/index.js';
export { noExpectations, readRequest, REQUEST_FINDING_CODES } from './request/index.js';
export type { ClientRequest, FormatRequest, RequestExpectations, RequestInput, RequestView, SchemaValidator, ToolChoiceExpectation } from './request/index.js';
export type {
  Answer,
  AnswerChoice,
  AnswerCitation,
  AnswerError,
  AnswerFinish,
  AnswerPlace,
  AnswerPlaces,
  AnswerReading,
  AnswerToolCall,
  AnswerUsage,
  ChoicePlaces,
  FinishClass,
  FormatAnswer,
  PlaceRecorder,
  PlaceRun,
  UsageMapping,
} from './answer/index.js';
export { clientsOf, clientProfiles, checkClientNames, readClients, type ClientsOfOptions, type ClientsReport } from './clients/clients-of.js';
export type { BodyEnding, ClientBody, ClientProfile, ClientReading, ClientRun, ClientToolCall, ClientVerdict, StreamState } from './clients/types.js';
export { compareAnswers, compareReconstructions, compareStreams, DIFFERENCES, DIFFERENCE_CODES } from './compare/index.js';
export type {
  CompareInput,
  CompareOptions,
  ComparePlaces,
  Comparison,
  Difference,
  DifferenceCode,
  DifferenceEntry,
  DifferenceSeverity,
  DifferenceSide,
  SidePlaces,
  UsageComparison,
} from './compare/index.js';
export { inspect, createInspection, reassemble, valueAtPath } from './inspect/index.js';
export { inspectStream, type InspectStreamOptions, type StreamInspection } from './inspect/stream.js';
export type {
  EventPayload,
  InspectedEvent,
  Inspection,
  InspectionProblem,
  InspectionSession,
  InspectionStats,
  InspectionTiming,
  InspectOptions,
  NotDispatched,
  NotDispatchedReason,
  Reassembly,
} from './inspect/index.js';
export { caretSnippet, formatSnippet, lineLookup, type CaretSnippet, type SnippetOptions } from './render/snippet.js';
export { SEVERITY_LABELS, severityLabel, type SeverityLabel } from './render/severity.js';
export { explainError, ERROR_MEANINGS, ERROR_SOURCES } from './errors/index.js';
export { LIBRARY_ERROR_CODES, SseReconstructError, SseReconstructRangeError, type LibraryErrorCode, type LibraryErrorEntry } from './library-errors.js';
export type { ErrorExplanation, ErrorMeaning, ErrorProvider, ErrorSource, RetryAdvice } from './errors/index.js';
export { renderInspection, type InspectionReportOptions } from './render/inspect-text.js';
export type { LineSource } from './render/finding-lines.js';

// For the faces (matchers, CLI, server, faults), which import from here only; not part of the package's API
// (src/index.ts lists what is).
export { describeArgument, plural, shown } from './words.js';
export { mediaTypeOf } from './input/live-result.js';
export { suggestion } from './did-you-mean.js';
export { SEVERITIES, countsAtLeast, isAtLeast, severityRank } from './severity.js';
export { checkOptionTable, oneOf, REQUEST, type OptionRule, type OptionRules } from './options.js';
export { isObject, isPlainObject, type Json } from './object-kinds.js';
export { checkStreamOptions } from './input/stream-options.js';
export { checkMatcherSettings, runnerSettings, setRunnerSettings, withConfiguredDeadlines, type RunnerSettings } from './input/stream-options.js';
export { matchStamp, StampClock } from './decode/timestamps.js';
export { checkOptions, SERIALIZER_OPTION_RULES } from './options.js';
export { openSession } from './pipeline/session.js';
export { ArrivalClock } from './input/arrival-clock.js';
export { printableJson, visibleLines } from './render/snippet.js';
export { ERROR_PREFIX } from './library-errors.js';
export { findingTally, reportChoice, reportFindings, reportFrame, reportOf, toneOf } from './render/report.js';
export type { Report, ReportChoice, ReportedReconstruction, ReportFinding, ReportFinish, ReportFrame, ReportOptions, ReportRead, ReportTone, UnlistedCount } from './render/report.js';
export { choiceLines, findingsLines, renderReportText } from './render/text.js';
export { paletteFor, type Palette } from './render/palette.js';
export { EMPTY_TURN_TOKENS } from './judge/usage.js';
export type { ErrorFrameOptions as FormatErrorFrameOptions, FixtureKind, FixtureSpec, FrameFields } from './formats/format-parts.js';
