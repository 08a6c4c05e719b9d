// The pipeline's entry points, where tests and the index have always imported them from.
export { reconstruct, createReconstruction, openSession, isReconstruction, RECONSTRUCTION_BRAND, FRAME_DATA_BUDGET } from './pipeline/session.js';
export type { ReconstructionSession } from './pipeline/session.js';
export type { LiveSession } from './input/stream.js';
