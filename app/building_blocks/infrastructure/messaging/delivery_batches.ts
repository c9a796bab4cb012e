import type { IntegrationEvent } from '../../integration/integration_event.js'
import { describesUnreachableDatabase } from '../persistence/database_unavailable.js'

type Event = IntegrationEvent<unknown>

/** Failed events remembered, to retry them alone. */
const SUSPECTS_KEPT = 1000

interface Waiting {
  event: Event
  resolve: () => void
  reject: (error: unknown) => void
}

export interface DeliveryBatchesOptions {
  /** Most events applied in one transaction. */
  maxBatch: number
  /** Applies one event in a transaction of its own; its error is that event's. */
  applyAlone: (event: Event) => Promise<void>
  /** Applies several events in one transaction, all or none. */
  applyTogether: (events: Event[]) => Promise<void>
}

/**
 * Group commit for one consumer: deliveries that arrive while its transaction is running wait
 * and are applied together in the next one, so a consumer holds one pooled connection at a time
 * however many events are in flight. At a low rate each event still goes alone and at once; the
 * busier it gets, the larger the batches, and the fewer BEGIN, COMMIT and inbox statements each
 * event costs. Per event, the connection pool is what mattered most: the pool hands connections
 * out first come, first served, so deliveries in transactions of their own got a share of it as
 * small as their number against the requests in flight, and behind 32 busy clients the relay
 * delivered 90 events a second while 640 were created.
 *
 * A batch that fails (an effect throws, the database refuses a row) is rolled back whole, and its
 * events are applied again one at a time: each settles with its own outcome, so one bad event
 * never takes another's retries or dead letter. A database that cannot be reached fails every
 * event of the batch at once, and their retries take over.
 */
export class DeliveryBatches {
  readonly #waiting: Waiting[] = []
  #running = false
  /**
   * Events whose last try, alone, failed: their retries go alone too, so an event that keeps
   * failing does not roll back, and double the work of, every batch it joins. Oldest forgotten
   * first past SUSPECTS_KEPT (an event that became a dead letter does not come back).
   */
  readonly #failedAlone = new Set<string>()

  constructor(private readonly options: DeliveryBatchesOptions) {}

  deliver(event: Event): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ event, resolve, reject })
      if (!this.#running) void this.#drain()
    })
  }

  async #drain() {
    this.#running = true
    try {
      while (this.#waiting.length > 0) {
        const taken = this.#waiting.splice(0, this.options.maxBatch)
        const batch: Waiting[] = []
        const suspects: Waiting[] = []
        for (const waiting of taken) {
          if (this.#failedAlone.has(waiting.event.eventId)) suspects.push(waiting)
          else batch.push(waiting)
        }
        if (batch.length > 0) {
          await (batch.length === 1 ? this.#alone(batch[0]) : this.#together(batch))
        }
        for (const waiting of suspects) await this.#alone(waiting)
      }
    } finally {
      this.#running = false
    }
  }

  async #together(batch: Waiting[]) {
    try {
      await this.options.applyTogether(batch.map((waiting) => waiting.event))
    } catch (error) {
      // One at a time, each would wait out the pool's acquire timeout in turn.
      if (describesUnreachableDatabase(error)) {
        for (const waiting of batch) waiting.reject(error)
        return
      }
      for (const waiting of batch) await this.#alone(waiting)
      return
    }
    for (const waiting of batch) waiting.resolve()
  }

  async #alone(waiting: Waiting) {
    const { eventId } = waiting.event
    try {
      await this.options.applyAlone(waiting.event)
      this.#failedAlone.delete(eventId)
      waiting.resolve()
    } catch (error) {
      this.#failedAlone.add(eventId)
      if (this.#failedAlone.size > SUSPECTS_KEPT) {
        this.#failedAlone.delete(this.#failedAlone.values().next().value!)
      }
      waiting.reject(error)
    }
  }
}
