// CRC-32 (IEEE 802.3, the reflected polynomial 0xEDB88320), the checksum AWS event-stream frames carry twice: over
// their 8-byte prelude and over everything before the last four bytes. A table of 8 × 256 entries reads eight bytes
// a step ("slicing by 8"), the speed a stream of many small frames needs without a native digest.

const POLYNOMIAL = 0xedb88320;

function buildTables(): Uint32Array[] {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  const first = tables[0] as Uint32Array;
  for (let byte = 0; byte < 256; byte += 1) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ POLYNOMIAL : crc >>> 1;
    first[byte] = crc >>> 0;
  }
  for (let slice = 1; slice < 8; slice += 1) {
    const previous = tables[slice - 1] as Uint32Array;
    const table = tables[slice] as Uint32Array;
    for (let byte = 0; byte < 256; byte += 1) {
      const before = previous[byte] as number;
      table[byte] = ((before >>> 8) ^ (first[before & 0xff] as number)) >>> 0;
    }
  }
  return tables;
}

const [T0, T1, T2, T3, T4, T5, T6, T7] = buildTables() as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];

/** The CRC-32 of `bytes[from, to)`, continuing from `seed` (the CRC of the bytes before them; 0 to start). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length, seed = 0): number {
  let crc = ~seed >>> 0;
  let at = from;
  for (; at + 8 <= to; at += 8) {
    const low = (crc ^ ((bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 24))) >>> 0;
    crc =
      (T7[low & 0xff] as number) ^
      (T6[(low >>> 8) & 0xff] as number) ^
      (T5[(low >>> 16) & 0xff] as number) ^
      (T4[low >>> 24] as number) ^
      (T3[bytes[at + 4] as number] as number) ^
      (T2[bytes[at + 5] as number] as number) ^
      (T1[bytes[at + 6] as number] as number) ^
      (T0[bytes[at + 7] as number] as number);
  }
  for (; at < to; at += 1) crc = (crc >>> 8) ^ (T0[(crc ^ (bytes[at] as number)) & 0xff] as number);
  return ~crc >>> 0;
}
