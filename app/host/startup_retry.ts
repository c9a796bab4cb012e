import { setTimeout as sleep } from 'node:timers/promises'
import { exponentialBackoff } from '../building_blocks/infrastructure/resilience/backoff.js'

/** How the host waits for a dependency at start. */
export interface StartupRetryPolicy {
  /** Wait after the first failed try; each later wait doubles it. */
  initialDelayMs: number
  /** The longest single wait. */
  maxDelayMs: number
  /** No new try starts after this long since the first: the dependency is reported down. */
  totalMs: number
}

/** 0.25 s, 0.5 s, 1 s, 2 s, then every 5 s, for 60 s in all (STARTUP_TIMEOUT_MS). */
export const DEFAULT_STARTUP_RETRY: StartupRetryPolicy = {
  initialDelayMs: 250,
  maxDelayMs: 5_000,
  totalMs: 60_000,
}

/** A dependency that did not answer within the start-up limit; the host exits with it. */
export class StartupDependencyError extends Error {
  constructor(
    readonly dependency: string,
    readonly tries: number,
    readonly elapsedMs: number,
    readonly lastError: unknown
  ) {
    const reason = lastError instanceof Error ? lastError.message : String(lastError)
    super(
      `${dependency} did not answer within ${Math.round(elapsedMs / 1000)} s of start ` +
        `(${tries} tries, the last one: ${reason}); the host stops. ` +
        'Start it, or allow longer with STARTUP_TIMEOUT_MS.',
      { cause: lastError }
    )
    this.name = 'StartupDependencyError'
  }
}

/**
 * Runs `attempt` until it succeeds, waiting between tries with capped exponential backoff, for
 * at most `policy.totalMs` in all. A database or broker that comes up a few seconds after the
 * app (a container started alongside, a server restarting) is waited for; one that never
 * comes ends in a StartupDependencyError that names it. Each try must bound itself (the
 * connection timeouts of the drivers do), or one hung try would outlast the limit.
 */
export async function retryAtStart(
  dependency: string,
  attempt: () => Promise<unknown>,
  policy: StartupRetryPolicy = DEFAULT_STARTUP_RETRY,
  onRetry: (error: unknown, delayMs: number) => void = () => {}
): Promise<void> {
  const startedAt = performance.now()
  const backoff = exponentialBackoff({ firstMs: policy.initialDelayMs, maxMs: policy.maxDelayMs })
  for (let tries = 1; ; tries++) {
    try {
      await attempt()
      return
    } catch (error) {
      const elapsed = performance.now() - startedAt
      const delay = backoff(tries)
      if (elapsed + delay >= policy.totalMs)
        throw new StartupDependencyError(dependency, tries, elapsed, error)
      onRetry(error, delay)
      await sleep(delay)
    }
  }
}
