// A bounded memo for the second reading (the oracle) and the test helpers that work the same thing out many times over
// (readings, comparisons, frame fields). Values are only read by their callers. Cleared whole when full.

/** Remembers `make()`'s value per key, up to `limit` keys. */
export class Memo<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly limit = 5_000) {}

  get(key: string, make: () => T): T {
    let value = this.values.get(key);
    if (value === undefined) {
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(key, (value = make()));
    }
    return value;
  }
}
