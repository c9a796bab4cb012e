/** Where a capped exponential backoff starts and where it stops growing. */
export interface BackoffPolicy {
  /** The wait after the first failure; each later wait doubles it. */
  firstMs: number
  /** The longest single wait. */
  maxMs: number
}

/**
 * The wait before try `attempt + 1` after `attempt` failures (1, 2, …): `firstMs`, then twice
 * as long each time, never more than `maxMs`. Every retry of the kit waits this way (the start
 * of the host, the outbox relay, consumers, the Redis read loop; docs/resilience.md). A few
 * lines rather than a library: the kit needs the delays, not a policy engine around its loops.
 */
export function exponentialBackoff(policy: BackoffPolicy): (attempt: number) => number {
  if (!(policy.firstMs > 0) || !(policy.maxMs >= policy.firstMs)) {
    throw new Error(`a backoff needs 0 < firstMs <= maxMs (got ${JSON.stringify(policy)})`)
  }
  return (attempt) => Math.min(policy.firstMs * 2 ** (Math.max(attempt, 1) - 1), policy.maxMs)
}
