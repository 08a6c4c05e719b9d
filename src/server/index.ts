// sse-reconstruct/server: a stream server on loopback that injects faults, for testing relays, SDKs and UIs (Node only).
export { serveStream, type StreamServer, type RecordedRequest, type Disconnect, type Route, type RouteReply, type RouteTable } from './serve.js';
export { useStreamServer, type StreamServerHandle, type RunnerHooks } from './use.js';
export type { ServedSource } from './source.js';
export type { ServeOptions, ServerOptions, ChunkOption, Pacing, StallOption, DestroyOption, HttpErrorOption, HeartbeatOption } from './options.js';
export type { StreamScript, ScriptPiece, ScriptEnd, ExpectedReading } from '../faults/script.js';
