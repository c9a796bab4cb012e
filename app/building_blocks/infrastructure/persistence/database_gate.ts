/**
 * Raised by a module's unit of work while the web host's database is not ready for it yet:
 * unreachable since the start, or reachable with migrations still being applied. Answered as
 * 503 `Database.Unavailable` (translateDatabaseUnavailable), like a database that went away.
 */
export class DatabaseNotReadyError extends Error {
  constructor(reason: string) {
    super(`The database is not ready: ${reason}`)
    this.name = 'DatabaseNotReadyError'
  }
}

/**
 * Whether modules may use the database. Open unless the web host closes it at start: the host
 * then listens at once (samples and probes answer) and opens it once the database answers and
 * its pending migrations are applied, so no request reads or writes a schema that is not there
 * yet. One gate per process, checked on every use of a unit of work; a plain boolean keeps that
 * check free.
 */
class DatabaseGate {
  #closedBecause: string | undefined
  #opened: Promise<void> = Promise.resolve()
  #open: () => void = () => {}

  get isOpen(): boolean {
    return this.#closedBecause === undefined
  }

  /** Why it is closed, for readiness and errors; undefined when open. */
  get reason(): string | undefined {
    return this.#closedBecause
  }

  close(reason: string): void {
    if (this.isOpen) this.#opened = new Promise((resolve) => (this.#open = resolve))
    this.#closedBecause = reason
  }

  open(): void {
    this.#closedBecause = undefined
    this.#open()
  }

  /** Resolves once the gate is open (at once when it is). */
  whenOpen(): Promise<void> {
    return this.#opened
  }

  assertOpen(): void {
    if (this.#closedBecause !== undefined) throw new DatabaseNotReadyError(this.#closedBecause)
  }
}

export const databaseGate = new DatabaseGate()
