import { hostname } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Redis } from 'ioredis'
import type { IntegrationEvent } from '../../integration/integration_event.js'
import { toCloudEvent } from './cloud_event.js'
import { DEFAULT_MAX_MESSAGE_BYTES, type InboundMessage } from './event_envelope.js'
import { eventRoute } from './event_route.js'
import { receiveMessage } from './inbound_message.js'
import { MessageTransport, type Subscription } from './message_transport.js'
import type { RedisTransportSettings } from './messaging_config.js'
import { withTimeout } from '../resilience/with_timeout.js'
import { exponentialBackoff } from '../resilience/backoff.js'
import { StreamRetention } from './redis_stream_retention.js'
import { StreamAppends } from './redis_stream_appends.js'

/** Waits after failed reads of the stream: 0.2 s, 0.4 s, … at most 5 s. */
const readBackoff = exponentialBackoff({ firstMs: 200, maxMs: 5_000 })

export interface RedisStreamTransportOptions extends RedisTransportSettings {
  /** This process's name inside every consumer group. */
  consumerName: string
  /** Entries read (or claimed) at once. */
  batchSize: number
  /**
   * Entries of one read applied at once. One at a time, a consumer tops out near one inbox
   * transaction per round trip; kept well under the database pool so requests still get one.
   */
  concurrency: number
  /** A publish Redis has not acknowledged by then fails, and the relay tries again later. */
  publishTimeoutMs: number
  /**
   * How long a consumer's connection may stay silent while a call waits for its answer (a
   * blocking read: `blockMs` more) before it is destroyed and opened again (ioredis's
   * `socketTimeout`). A network cut without a reset leaves a connection that neither answers
   * nor fails; unbounded, the consumer would wait on it for as long as the operating system
   * keeps it (many minutes) and read nothing meanwhile.
   */
  commandTimeoutMs: number
  /**
   * Publishes of one type, by this process, between two looks at its stream's length (and a
   * trim when it is over `maxLength` or `hardMaxLength`).
   */
  trimEvery: number
  /** An entry larger than this becomes a dead letter of each group that reads it. */
  maxMessageBytes: number
}

type StreamEntry = [id: string, fields: string[]]

/** The field that holds an event's data (its payload's JSON) beside the attribute fields. */
const DATA_FIELD = 'data'
/** The one field of an entry appended before events were CloudEvents: the whole envelope. */
const LEGACY_EVENT_FIELD = 'event'

/**
 * Redis Streams: one stream per event type and version (eventRoute), one consumer group per
 * consumer (so every consumer sees every event), and one member per process in each group (so
 * processes share the work).
 * An entry is acknowledged only after the consumer's transaction committed; one left pending
 * by a process that died is claimed by a live one once it has been idle for `claimIdleMs`.
 * Streams are trimmed only of what every group acknowledged, unless `hardMaxLength` says
 * otherwise (see StreamRetention).
 */
export class RedisStreamTransport extends MessageTransport {
  readonly name = 'redis'
  override readonly publishesConcurrently = true
  readonly options: RedisStreamTransportOptions
  readonly #subscriptions: Subscription[] = []
  readonly #readers: Redis[] = []
  readonly #loops: Promise<void>[] = []
  readonly #declared = new Map<string, Promise<void>>()
  readonly #retention: StreamRetention
  readonly #appends: StreamAppends
  #running = false

  constructor(
    private readonly client: Redis,
    options: Partial<RedisStreamTransportOptions> = {},
    private readonly onError: (error: unknown, context: string) => void = () => {}
  ) {
    super()
    this.options = {
      connection: 'main',
      streamPrefix: 'pantheon:events:',
      claimIdleMs: 30_000,
      blockMs: 1_000,
      maxLength: 100_000,
      consumerName: `${hostname()}-${process.pid}`,
      batchSize: 50,
      concurrency: 8,
      publishTimeoutMs: 5_000,
      commandTimeoutMs: 5_000,
      trimEvery: 1_000,
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
      ...options,
    }
    const { maxLength, hardMaxLength, trimEvery } = this.options
    this.#appends = new StreamAppends(client)
    this.#retention = new StreamRetention(
      client,
      { maxLength, hardMaxLength, trimEvery },
      (route) => this.streamOf(route),
      onError
    )
  }

  /** The stream of a route (`eventRoute`): one per event type and version. */
  streamOf(route: string): string {
    return `${this.options.streamPrefix}${route}`
  }

  subscribe(subscription: Subscription): void {
    this.#subscriptions.push(subscription)
  }

  async publish(event: IntegrationEvent<unknown>): Promise<void> {
    const { publishTimeoutMs } = this.options
    const route = eventRoute(event)
    await withTimeout(
      this.append(event, route),
      publishTimeoutMs,
      `Redis did not acknowledge ${event.type} within ${publishTimeoutMs} ms`
    )
    this.#retention.published(route)
  }

  private async append(event: IntegrationEvent<unknown>, route: string): Promise<void> {
    const stream = this.streamOf(route)
    await this.declareGroups(stream, route)
    await this.#appends.append(stream, entryFields(event))
  }

  /**
   * The groups of this process's consumers of a type, made before its first publish of it (one
   * round trip per type and process). Every process boots every module, so a consumer that never
   * ran yet has its group, and a trim keeps its events for it: trims only know existing groups.
   */
  private declareGroups(stream: string, route: string): Promise<void> {
    let declared = this.#declared.get(stream)
    if (!declared) {
      const groups = this.#subscriptions.filter(
        (subscription) => eventRoute(subscription) === route
      )
      declared = Promise.all(
        groups.map(({ consumer }) => this.ensureGroup(this.client, stream, consumer))
      ).then(() => {})
      declared.catch(() => this.#declared.delete(stream))
      this.#declared.set(stream, declared)
    }
    return declared
  }

  async checkConnection(): Promise<void> {
    await withTimeout(this.client.ping(), 2_000, 'Redis did not answer a PING within 2 s')
  }

  async startConsuming(): Promise<void> {
    if (this.#running) return
    this.#running = true
    for (const subscription of this.#subscriptions) {
      // A blocking read holds its connection, so each consumer group reads on its own.
      const reader = this.client.duplicate({
        socketTimeout: this.options.blockMs + this.options.commandTimeoutMs,
      })
      reader.on('error', () => {}) // reconnection is ioredis's job; the read loop reports failures
      this.#readers.push(reader)
      this.#loops.push(this.consume(subscription, reader))
    }
  }

  /**
   * Stops reading. A delivery still running is not waited for past a moment: its entry stays
   * pending and is claimed by a live process, as if this one had died.
   */
  async close(): Promise<void> {
    this.#running = false
    for (const reader of this.#readers) reader.disconnect()
    await Promise.race([
      Promise.all([...this.#loops, this.#retention.settled()]),
      sleep(this.options.blockMs + 500),
    ])
    this.#readers.length = 0
    this.#loops.length = 0
  }

  private async consume(subscription: Subscription, reader: Redis): Promise<void> {
    const stream = this.streamOf(eventRoute(subscription))
    let groupReady = false
    let nextClaimAt = 0
    let failures = 0
    while (this.#running) {
      try {
        if (!groupReady) groupReady = await this.ensureGroup(reader, stream, subscription.consumer)
        if (Date.now() >= nextClaimAt) {
          await this.claimStale(reader, stream, subscription)
          nextClaimAt = Date.now() + this.options.claimIdleMs / 2
        }
        await this.readNew(reader, stream, subscription)
        failures = 0
      } catch (error) {
        if (!this.#running) return
        if (String(error).includes('NOGROUP')) groupReady = false
        failures += 1
        this.onError(error, `reading ${stream} as ${subscription.consumer}`)
        await sleep(readBackoff(failures))
      }
    }
  }

  /**
   * Created at the stream's start, so events published before the group existed are not missed,
   * as long as they are still in the stream: until then, trims kept only what other groups need.
   */
  private async ensureGroup(reader: Redis, stream: string, group: string): Promise<boolean> {
    try {
      await reader.xgroup('CREATE', stream, group, '0', 'MKSTREAM')
    } catch (error) {
      if (!String(error).includes('BUSYGROUP')) throw error
    }
    return true
  }

  private async readNew(reader: Redis, stream: string, subscription: Subscription): Promise<void> {
    const { consumerName, batchSize, blockMs } = this.options
    const reply = (await reader.xreadgroup(
      'GROUP',
      subscription.consumer,
      consumerName,
      'COUNT',
      batchSize,
      'BLOCK',
      blockMs,
      'STREAMS',
      stream,
      '>'
    )) as [string, StreamEntry[]][] | null
    await this.handleAll(reader, stream, subscription, reply?.[0]?.[1] ?? [])
  }

  /** Applies entries a few at a time and acknowledges those applied in one call. */
  private async handleAll(
    reader: Redis,
    stream: string,
    subscription: Subscription,
    entries: StreamEntry[]
  ) {
    const applied: string[] = []
    let next = 0
    const worker = async () => {
      while (next < entries.length) {
        const [id, fields] = entries[next++]
        if (await this.handle(stream, subscription, id, fields)) applied.push(id)
      }
    }
    await Promise.all(
      Array.from({ length: Math.min(this.options.concurrency, entries.length) }, worker)
    )
    if (applied.length > 0) await reader.xack(stream, subscription.consumer, ...applied)
  }

  /** Takes over entries another member (or this one) read but never acknowledged. */
  private async claimStale(
    reader: Redis,
    stream: string,
    subscription: Subscription
  ): Promise<void> {
    const { consumerName, batchSize, claimIdleMs } = this.options
    let cursor = '0-0'
    do {
      const [next, entries] = (await reader.xautoclaim(
        stream,
        subscription.consumer,
        consumerName,
        claimIdleMs,
        cursor,
        'COUNT',
        batchSize
      )) as [string, (StreamEntry | null)[]]
      await this.handleAll(
        reader,
        stream,
        subscription,
        entries.filter((entry) => entry !== null)
      )
      cursor = next
    } while (cursor !== '0-0' && this.#running)
  }

  /**
   * Whether the entry may be acknowledged: applied, or kept as the consumer's dead letter
   * (refused, or failed on every try). An entry whose event is of another type than the stream
   * is refused by the consumer's contract, not applied.
   */
  private async handle(
    stream: string,
    subscription: Subscription,
    id: string,
    fields: string[]
  ): Promise<boolean> {
    try {
      await receiveMessage(
        subscription,
        inboundEntry(fields),
        { type: subscription.type, key: `${stream}/${id}` },
        this.options.maxMessageBytes,
        this.onError
      )
      return true
    } catch (error) {
      // Left pending: claimed again once idle for claimIdleMs, by this process or another.
      this.onError(error, `${subscription.consumer} could not apply entry ${id} of ${stream}`)
      return false
    }
  }
}

/**
 * The entry of an event: its CloudEvents attributes as fields, then `data`, the payload's JSON
 * (binary content mode; attributes and data side by side, as a Redis reader sees them).
 */
function entryFields(event: IntegrationEvent<unknown>): string[] {
  const { attributes, data } = toCloudEvent(event)
  // Built in place: the relay writes one per event, and entries().flat() was a measurable share.
  const fields: string[] = []
  for (const name in attributes) fields.push(name, attributes[name])
  fields.push(DATA_FIELD, data as string)
  return fields
}

/**
 * What an entry holds for `receiveMessage`: a CloudEvent when it has `specversion`; else the
 * `event` field, the JSON envelope that relays before CloudEvents appended (or nothing, which is
 * refused as malformed).
 */
function inboundEntry(fields: string[]): InboundMessage {
  const attributes: Record<string, string> = {}
  let data: string | undefined
  for (let i = 0; i < fields.length; i += 2) {
    if (fields[i] === DATA_FIELD) data = fields[i + 1]
    else attributes[fields[i]] = fields[i + 1]
  }
  if (attributes.specversion === undefined) return attributes[LEGACY_EVENT_FIELD] ?? ''
  return { attributes, data: data ?? '' }
}
