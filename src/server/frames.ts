const LF = 10;
const CR = 13;
const COLON = 58;

/**
 * Finds where frames end in a byte stream fed in segments: at the blank line after a block that has a field line
 * (a block of comments only is text between frames). CR, LF and CRLF line ends; a CRLF split across segments is
 * one line end. Jumps from line end to line end with `indexOf`, so a large capture is scanned at native speed.
 */
export class FrameScanner {
  private lineLength = 0;
  private comment = false;
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
          if (!this.comment) this.hasField = true;
          this.lineLength = 0;
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
      if (this.lineLength === 0) this.comment = byte === COLON;
      if (crAt !== -1 && crAt < i) crAt = bytes.indexOf(CR, i);
      const lf = bytes.indexOf(LF, i);
      let next = lf === -1 ? length : lf;
      if (crAt !== -1 && crAt < next) next = crAt;
      this.lineLength += next - i;
      i = next;
    }
    return ends;
  }
}
