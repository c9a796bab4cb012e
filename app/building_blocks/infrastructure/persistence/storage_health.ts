/**
 * Whether the database's storage took the last write: a write refused for lack of space
 * (storage_full.ts) marks it full, the next committed unit of work marks it well again.
 * Readiness reports it, so a load balancer sends writes to a host that can take them, and the
 * host tries to recover (SQLite: its write-ahead log is checkpointed and truncated). One per
 * process; the commit path only assigns a field.
 */
class StorageHealth {
  #fullSince: Date | undefined
  #lastRefusedAt = 0
  readonly #onFull = new Set<() => void>()

  get fullSince(): Date | undefined {
    return this.#fullSince
  }

  /** Milliseconds since the last write refused for lack of space (Infinity: none yet). */
  get sinceLastRefusalMs(): number {
    return this.#lastRefusedAt === 0 ? Infinity : Date.now() - this.#lastRefusedAt
  }

  reportFull(): void {
    this.#fullSince ??= new Date()
    this.#lastRefusedAt = Date.now()
    for (const listener of this.#onFull) listener()
  }

  reportWritten(): void {
    this.#fullSince = undefined
  }

  /** Called on every write refused for lack of space; returns the unsubscribe function. */
  onFull(listener: () => void): () => void {
    this.#onFull.add(listener)
    return () => this.#onFull.delete(listener)
  }
}

export const storageHealth = new StorageHealth()
