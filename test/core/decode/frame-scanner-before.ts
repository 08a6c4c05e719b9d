// The byte scanner the fault server cut frames with before it read them with the decoder (src/server/frames.ts at
// 5e2d6b7), kept only as the oracle that shows the server cuts where it did: every case but a leading BOM.

const LF = 10;
const CR = 13;

/**
 * Finds where frames end in a byte stream fed in segments: at the blank line after a block that has a `data` line,
 * as an event-stream reader dispatches them (a block of comments, or of `id:`/`event:` lines only, dispatches nothing). CR, LF and CRLF line ends; a CRLF split across segments is
 * one line end. Jumps from line end to line end with `indexOf`, so a large capture is scanned at native speed.
 */
export class FrameScannerBefore {
  /** Frames ended so far. */
  count = 0;
  private lineLength = 0;
  /** How many characters of `data:` the line starts with, or -1 once it cannot be a data line. */
  private dataMatched = 0;
  private hasData = false;
  private afterCR = false;

  /**
   * Scans until `max` more frames have ended or the bytes run out. Gives the offsets just past each frame end
   * (`collect`), or only that of the `max`-th, if reached (so a scan for frame 1,000,000 keeps no list).
   */
  scan(bytes: Uint8Array, max: number, collect = true): number[] {
    const ends: number[] = [];
    const length = bytes.length;
    let found = 0;
    let last = -1;
    let crAt = -2;
    let i = 0;
    while (i < length && found < max) {
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
          if (this.dataMatched >= 4) this.hasData = true;
          this.lineLength = 0;
          this.dataMatched = 0;
        } else if (this.hasData) {
          this.hasData = false;
          if (byte === CR && bytes[i] === LF) {
            this.afterCR = false;
            i += 1;
          }
          found += 1;
          this.count += 1;
          last = i;
          if (collect) ends.push(i);
        }
        continue;
      }
      this.afterCR = false;
      if (crAt !== -1 && crAt < i) crAt = bytes.indexOf(CR, i);
      const lf = bytes.indexOf(LF, i);
      let next = lf === -1 ? length : lf;
      if (crAt !== -1 && crAt < next) next = crAt;
      if (this.lineLength < 5 && this.dataMatched !== -1) this.matchData(bytes, i, Math.min(next, i + 5 - this.lineLength));
      this.lineLength += next - i;
      i = next;
    }
    if (!collect && found === max) ends.push(last);
    return ends;
  }

  /** Goes on matching the line's start against `data:` (the colon or the line's end may follow `data`). */
  private matchData(bytes: Uint8Array, from: number, to: number): void {
    for (let at = from; at < to; at += 1) {
      const position = this.lineLength + (at - from);
      if (bytes[at] !== DATA_COLON[position]) {
        this.dataMatched = -1;
        return;
      }
      this.dataMatched = position + 1;
    }
  }
}

/** `data:` as bytes. */
const DATA_COLON = [100, 97, 116, 97, 58];
