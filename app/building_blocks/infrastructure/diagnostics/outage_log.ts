/** What an outage log writes to: the request's logger, or the app's. */
interface OutageLogger {
  warn(bindings: { err: unknown }, message: string): void
  info(message: string): void
}

/**
 * The log of a dependency the app goes on without (a limiter's store, say): one warning when it
 * starts failing and one line when it answers again, rather than a line per request while it is
 * down. One per dependency and process.
 */
export class OutageLog {
  #failing = false

  constructor(
    /** What failed, as the log lines name it: "rate limit store". */
    private readonly dependency: string,
    /** What the app does meanwhile: "requests pass unthrottled". */
    private readonly meanwhile: string
  ) {}

  failed(logger: OutageLogger, error: unknown): void {
    if (!this.#failing)
      logger.warn({ err: error }, `${this.dependency} unavailable: ${this.meanwhile}`)
    this.#failing = true
  }

  answered(logger: OutageLogger): void {
    if (this.#failing) logger.info(`${this.dependency} answering again`)
    this.#failing = false
  }
}
