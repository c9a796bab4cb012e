import type { Redis } from 'ioredis'

interface QueuedAppend {
  stream: string
  fields: string[]
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * The entries appended in one turn of the event loop, sent to Redis as one pipeline.
 *
 * ioredis writes every command to the socket by itself: one system call per event, which took
 * about a fifth of the relay's CPU when it published a batch of 100. A pipeline is one write for
 * the batch, and each entry still learns its own outcome (one refused append fails only its
 * event). ioredis's `enableAutoPipelining` does the same for a whole connection, but the
 * transport shares the app's connection and does not change how the app's other commands go.
 */
export class StreamAppends {
  #queued: QueuedAppend[] = []

  constructor(private readonly client: Redis) {}

  /** Resolves once Redis has stored the entry (`XADD <stream> * <fields>`). */
  append(stream: string, fields: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      // The relay's publishes of one batch reach here in the same turn; the tick after them
      // sends them all.
      if (this.#queued.length === 0) process.nextTick(() => this.#send())
      this.#queued.push({ stream, fields, resolve, reject })
    })
  }

  #send(): void {
    const queued = this.#queued
    this.#queued = []
    const failAll = (error: unknown) => {
      for (const entry of queued) entry.reject(error)
    }
    try {
      const pipeline = this.client.pipeline()
      for (const { stream, fields } of queued) pipeline.xadd(stream, '*', ...fields)
      pipeline.exec().then((results) => {
        queued.forEach((entry, index) => {
          const error = results?.[index]?.[0] ?? (results ? null : new Error('Redis ran nothing'))
          if (error) entry.reject(error)
          else entry.resolve()
        })
      }, failAll)
    } catch (error) {
      // Nothing was sent: every publish of the turn fails now rather than at its timeout.
      failAll(error)
    }
  }
}
