const LF = 10;
const CR = 13;

/**
 * Finds where frames end in a byte stream fed in segments: at the blank line after a block that has a `data` line,
 * as an event-stream reader dispatches them (a block of comments, or of `id:`/`event:` lines only, dispatches nothing). CR, LF and CRLF line ends; a CRLF split across segments is
 * one line end. Jumps from line end to line end with `indexOf`, so a large capture is scanned at native speed.
 */
export class FrameScanner {
  private lineLength = 0;
  /** The line's first five characters: enough to tell a `data` line. */
  private prefix = '';
  private hasField = false;
  private afterCR = false;

  /** Offsets just past each frame end in `bytes`, at most `max` of them (scanning stops there). */
  scan(bytes: Uint8Array, max: number): number[] {
    const ends: number[] = [];
    const length = bytes.length;
    let crAt = -2;
    let i = 0;
    while (i < length && ends.length < max) {
      const byte = bytes[i] as number;
      if (byte === LF && this.afterCR) {
        this.afterCR = false;
        i += 1;
        continue;
      }
      if (byte === LF || byte === CR) {
        this.afterCR = byte === CR;
        i += 1;
        if (this.lineLength > 0) {
          if (this.prefix === 'data' || this.prefix === 'data:') this.hasField = true;
          this.lineLength = 0;
          this.prefix = '';
        } else if (this.hasField) {
          this.hasField = false;
          if (byte === CR && bytes[i] === LF) {
            this.afterCR = false;
            i += 1;
          }
          ends.push(i);
        }
        continue;
      }
      this.afterCR = false;
      if (crAt !== -1 && crAt < i) crAt = bytes.indexOf(CR, i);
      const lf = bytes.indexOf(LF, i);
      let next = lf === -1 ? length : lf;
      if (crAt !== -1 && crAt < next) next = crAt;
      if (this.lineLength < 5) this.prefix += String.fromCharCode(...bytes.subarray(i, Math.min(next, i + 5 - this.lineLength)));
      this.lineLength += next - i;
      i = next;
    }
    return ends;
  }
}
