import { FORMAT_NAMES, type FormatName } from '../core/index.js';
import { stateCheck } from './state-check.js';

/** The format the stream was read as. */
export const toBeFormat = stateCheck<'toBeFormat', FormatName>('toBeFormat', 'format', FORMAT_NAMES, (received) => received.format);
