import { randomUUID } from 'node:crypto'
import { timeOrderedId } from '../../domain/time_ordered_id.js'
import type { Database } from '@adonisjs/lucid/database'
import type { IntegrationEventContract } from '../../integration/integration_event.js'
import { LucidUnitOfWork } from '../persistence/lucid_unit_of_work.js'
import { OutboxCommitAnnouncer } from './outbox_announcement.js'
import { DEFAULT_MAX_MESSAGE_BYTES } from './event_envelope.js'
import { publishablePayload } from './publishable_event.js'
import type { RequestOrigin } from './request_origin.js'
import { actingPrincipal } from '../../application/principal.js'
import { EventVersions, type PublishOptions } from './event_versions.js'
import { outboxWrite, traced, type OutboxWriteMessage } from '../diagnostics/channels.js'
import { moduleOfName } from './module_of_name.js'

export const OUTBOX_TABLE = 'pantheon_outbox'

/**
 * Writes integration events to the outbox, in the transaction of the command that raised them:
 * the event exists if and only if the business change committed. The relay is woken right after
 * that commit, so delivery does not wait for the next poll. An event its contract refuses, or
 * one over the size limit, is never written: `publish` throws InvalidIntegrationEvent and the
 * unit of work fails.
 */
export class Outbox {
  #onCommit: (connection: string) => void = () => {}
  #relayedHere: (connection: string) => boolean = () => false
  /** Transactions already set to wake the relays: once per commit is enough. */
  readonly #announced = new WeakSet<object>()
  readonly #versions = new EventVersions()
  readonly #announcer: OutboxCommitAnnouncer

  constructor(
    private readonly db: Database,
    /** The current request's id and trace context, when an event is written during one. */
    private readonly requestOrigin: () => RequestOrigin | undefined = () => undefined,
    private readonly options: { maxMessageBytes: number } = {
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
    }
  ) {
    this.#announcer = new OutboxCommitAnnouncer(db)
  }

  /**
   * Called by the relays: what to run after each commit that wrote to the outbox, given the
   * name of the connection it was made on (a module may keep its outbox in its own database),
   * and whether a relay of this process is running for that connection.
   */
  onCommit(
    wake: (connection: string) => void,
    relayedHere: (connection: string) => boolean = () => false
  ): void {
    this.#onCommit = wake
    this.#relayedHere = relayedHere
  }

  /**
   * Writes the event and returns its id. `cause` is the domain event it reports: every version
   * of one type published for the same cause shares one event id (during a migration window a
   * module publishes v1 and v2 of an event; a consumer reading both applies it once).
   */
  async publish<T>(
    contract: IntegrationEventContract<T>,
    payload: T,
    options: PublishOptions = {}
  ): Promise<string> {
    if (!outboxWrite.hasSubscribers) return this.write(contract, payload, options)
    const message: OutboxWriteMessage = {
      module: moduleOfName(contract.type),
      type: contract.type,
      version: contract.version,
    }
    return traced(outboxWrite, message, () => this.write(contract, payload, options, message))
  }

  private async write<T>(
    contract: IntegrationEventContract<T>,
    payload: T,
    options: PublishOptions,
    observed?: OutboxWriteMessage
  ): Promise<string> {
    const transaction = LucidUnitOfWork.currentTransaction()
    if (!transaction) {
      throw new Error(`${contract.type} can only be published inside a command's unit of work`)
    }
    const id = timeOrderedId()
    const sharedId = options.cause ? this.#versions.eventIdFor(options.cause, contract, id) : id
    const now = new Date().toISOString()
    // A subscriber of pantheon:outbox.write (the telemetry's span) gives the trace context the
    // relay and consumers descend from. Without one, the client's own is carried on as it came.
    const origin = this.requestOrigin()
    const traceContext = observed?.traceContext ?? origin?.traceContext
    const correlationId = origin?.correlationId ?? randomUUID()
    const actorId = actingPrincipal()?.id
    const json = await publishablePayload(
      contract,
      payload,
      {
        eventId: sharedId,
        type: contract.type,
        version: contract.version,
        occurredAt: now,
        correlationId,
        traceContext,
        actorId,
      },
      this.options.maxMessageBytes
    )
    await transaction
      .insertQuery()
      .table(OUTBOX_TABLE)
      .insert({
        id,
        type: contract.type,
        version: contract.version,
        payload: json,
        correlation_id: correlationId,
        occurred_at: now,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        // Only for a second version of one event: every other row is its own event.
        ...(sharedId !== id && { event_id: sharedId }),
        // Only when there is one: with telemetry off the write needs no column it did not before.
        ...(traceContext && {
          traceparent: traceContext.traceparent,
          tracestate: traceContext.tracestate ?? null,
        }),
        // Likewise: an app whose commands are never sent for an account needs no actor column.
        ...(actorId && { actor_id: actorId }),
      })
    if (!this.#announced.has(transaction)) {
      this.#announced.add(transaction)
      // Relays in other processes hear of the commit through PostgreSQL (`node ace
      // outbox:relay` beside hosts with OUTBOX_RELAY=off), after it (OutboxCommitAnnouncer).
      // When a relay of this process serves the connection, the wake after the commit is all it
      // needs: no announcement, which spares the server a statement at every commit.
      const connection = transaction.connectionName
      const announce = transaction.dialect.name === 'postgres' && !this.#relayedHere(connection)
      transaction.after('commit', () => {
        this.#onCommit(connection)
        if (announce) this.#announcer.committed(connection)
      })
    }
    return sharedId
  }

  /** Resolves once every commit's announcement to other processes has been sent. */
  announced(): Promise<void> {
    return this.#announcer.settled()
  }

  /**
   * The rows an operator looks at: every unsent row, or only those whose publish failed, in the
   * outbox of the given connection (a module's own database), or of the default one.
   */
  list(options: { failed?: boolean; limit?: number; connection?: string } = {}) {
    const query = this.db
      .connection(options.connection)
      .from(OUTBOX_TABLE)
      .whereNot('status', 'sent')
      .orderBy('id', 'asc')
    if (options.failed) query.where('attempts', '>', 0)
    return query.limit(options.limit ?? 100)
  }
}
