/**
 * Items two threads share out as they go: whoever claims an item first does it. One thread takes them
 * from the front and the other from the back, so neither waits for the other to start, and the faster
 * does more. A claim is one atomic compare-and-swap on memory both threads see.
 */
export class Claims {
  private readonly taken: Int32Array;

  constructor(readonly shared: SharedArrayBuffer) {
    this.taken = new Int32Array(shared);
  }

  static of(count: number): Claims {
    return new Claims(new SharedArrayBuffer(count * Int32Array.BYTES_PER_ELEMENT));
  }

  /** Whether item `i` is now the caller's (false: the other thread claimed it first). */
  claim(i: number): boolean {
    return Atomics.compareExchange(this.taken, i, 0, 1) === 0;
  }
}
