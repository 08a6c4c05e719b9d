// The AWS event-stream framing (application/vnd.amazon.eventstream): binary messages with typed headers.
export { crc32 } from './crc32.js';
export { EventStreamReader, MAX_FRAME_BYTES, type EventStreamReaderOptions } from './reader.js';
export { encodeEventStreamMessage, joinMessages, type HeaderToWrite } from './writer.js';
export { headerText, type EventStreamHeader, type EventStreamMessage, type EventStreamSummary, type HeaderType } from './message.js';
