import type { Redis } from 'ioredis'
import { eventsLost, type EventsLostMessage } from '../diagnostics/channels.js'
import { trimStream, type TrimLimits } from './redis_stream_trim.js'

export interface StreamRetentionSettings extends TrimLimits {
  /** Publishes of one type, by this process, between two looks at its stream's length. */
  trimEvery: number
}

/** Entries of a stream removed before a consumer group acknowledged them: they are gone. */
export class EventsLostError extends Error {
  constructor(
    readonly stream: string,
    readonly group: string,
    readonly count: number
  ) {
    super(
      `${count} entries of ${stream} were trimmed before consumer group ${group} acknowledged ` +
        'them: the stream had grown past its hardMaxLength'
    )
    this.name = 'EventsLostError'
  }
}

/**
 * Trims the streams this process publishes to, every `trimEvery` publishes of a type and in the
 * background: a publish never waits for it, and costs no extra round trip. One trim of a stream
 * runs at a time; publishes meanwhile ask for one more after it, so the last publish is always
 * followed by a look at the stream.
 */
export class StreamRetention {
  readonly #published = new Map<string, number>()
  readonly #running = new Map<string, Promise<void>>()
  readonly #again = new Set<string>()

  constructor(
    private readonly client: Redis,
    private readonly settings: StreamRetentionSettings,
    private readonly streamOf: (type: string) => string,
    private readonly onError: (error: unknown, context: string) => void
  ) {
    for (const [name, value] of Object.entries(settings)) {
      if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
        throw new Error(`The Redis transport's ${name} must be a whole number of at least 1`)
      }
    }
  }

  published(type: string): void {
    const count = ((this.#published.get(type) ?? 0) + 1) % this.settings.trimEvery
    this.#published.set(type, count)
    if (count === 0) this.trimSoon(type)
  }

  /** Resolves once no trim is running (a process that stops waits for them). */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running.values())
  }

  private trimSoon(type: string): void {
    if (this.#running.has(type)) {
      this.#again.add(type)
      return
    }
    const run = this.trimWhileAsked(type).finally(() => this.#running.delete(type))
    this.#running.set(type, run)
  }

  private async trimWhileAsked(type: string): Promise<void> {
    const stream = this.streamOf(type)
    do {
      this.#again.delete(type)
      try {
        const { lost } = await trimStream(this.client, stream, this.settings)
        for (const { group, count } of lost) {
          if (eventsLost.hasSubscribers) {
            const dropped: EventsLostMessage = { type, consumer: group, count }
            eventsLost.publish(dropped)
          }
          const error = new EventsLostError(stream, group, count)
          this.onError(error, error.message)
        }
      } catch (error) {
        this.onError(error, `trimming ${stream}`)
      }
    } while (this.#again.has(type))
  }
}
