import fc from 'fast-check'

/** Generated together: small enough that a batch of 1 MB bodies stays a few dozen MB. */
const BATCH = 100

/**
 * The generated requests of a run, in an order fixed by the seed, made a batch at a time so
 * that the big bodies of a 10,000-request run are never all in memory at once. The n-th
 * request is the same for a given seed whatever the concurrency.
 */
export class RequestSource<T> {
  #batch: T[] = []
  #batches = 0
  #position = 0

  constructor(
    private readonly arbitrary: fc.Arbitrary<T>,
    private readonly seed: number
  ) {}

  next(): T {
    if (this.#position === this.#batch.length) {
      // Batches far apart in the generator's seed space (the golden-ratio step of splitmix).
      const seed = (this.seed + Math.imul(this.#batches++, 0x9e3779b9)) | 0
      this.#batch = fc.sample(this.arbitrary, { seed, numRuns: BATCH })
      this.#position = 0
    }
    return this.#batch[this.#position++]
  }
}
