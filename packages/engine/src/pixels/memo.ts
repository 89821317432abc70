/**
 * Results that depend on a few numbers only (grading tables, grain and paper textures, noise fields)
 * are the same for every request: each thread keeps the most recently used ones. What a memo returns
 * is shared and must never be written to.
 */
export class Memo<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit: number) {}

  get(key: string, make: () => T): T {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    } else {
      // Most recently used last: the oldest is the first to go.
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
