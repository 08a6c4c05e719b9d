// sse-reconstruct/conformance: the relay conformance kit. Serves a relay's upstream from the fault server, sends the
// requests a client of each route's format sends, reads the relay's answers live and checks the relay rules.
export type {
  CapturedDownstream,
  CellDetails,
  CellFinding,
  CellSide,
  CellStatus,
  CellTimings,
  ConformanceBounds,
  ConformanceCell,
  ConformanceMatrix,
  ConformanceOptions,
  ConformanceRoute,
  ConformanceRule,
  ConformanceRuleId,
  ConformanceRunner,
  MatrixRoute,
  RelayConformanceOptions,
  RelayHandler,
  RelayServer,
  RelayTarget,
  RouteCompareOptions,
  RouteRequest,
  UpstreamWiring,
} from './types.js';
export { CONFORMANCE_RULES } from './rules.js';
export { runRelayConformance } from './run.js';
export { relayConformance, REPORT_ENV } from './register.js';
export { matrixText } from './matrix-text.js';
