/**
 * Bytes written in blocks outside the collected heap. Blocks start small (a short stream's result stays small) and
 * double up to a bound, so growing never copies what was written; a block is cut to what was written to it when the
 * next one starts. The frames table's log and the kept input text are written this way.
 */
export class ByteBlocks {
  protected readonly blocks: Uint8Array[] = [];
  /** The block being written, and where in it. */
  protected block = new Uint8Array(0);
  protected at = 0;

  constructor(
    private readonly firstSize: number,
    private readonly lastSize: number,
  ) {}

  /** Starts the next block, twice the size of the one before (within the bounds). */
  protected nextBlock(): void {
    if (this.blocks.length > 0) this.blocks[this.blocks.length - 1] = this.block.subarray(0, this.at);
    this.block = new Uint8Array(Math.min(this.lastSize, Math.max(this.firstSize, this.block.length * 2)));
    this.blocks.push(this.block);
    this.at = 0;
  }

  /** Every block, each cut to what was written to it. */
  protected writtenBlocks(): Uint8Array[] {
    const last = this.blocks.length - 1;
    return this.blocks.map((block, i) => (i === last ? block.subarray(0, this.at) : block));
  }
}
