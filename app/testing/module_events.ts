import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import app from '@adonisjs/core/services/app'
import type { Database } from '@adonisjs/lucid/database'
import type { IntegrationEventContract } from '../building_blocks/integration/integration_event.js'
import { MessageTransport } from '../building_blocks/infrastructure/messaging/message_transport.js'
import { OUTBOX_TABLE } from '../building_blocks/infrastructure/messaging/outbox.js'
import { moduleOfName } from '../building_blocks/infrastructure/messaging/module_of_name.js'
import { moduleConnection } from '../building_blocks/infrastructure/persistence/module_connections.js'

/*
 * A module's tests, run alone (`node ace test --module orders`), stand in for the modules they
 * leave out: they deliver those modules' events to this host's consumers, read what this host's
 * modules published, and wait for what follows. The events take the host's own transport, so the
 * consumers get them as they would from another host: through the contract's checks and the
 * inbox.
 */

/**
 * Hands an event of `contract` to this host's consumers, as the host that serves its publisher
 * would; resolves with its event id once the transport took it. Consumers apply it when the
 * transport delivers it: wait for the result with `eventually`.
 */
export async function deliverEvent<TPayload>(
  contract: IntegrationEventContract<TPayload>,
  payload: TPayload,
  options: { eventId?: string } = {}
): Promise<string> {
  const transport = await app.container.make(MessageTransport)
  const eventId = options.eventId ?? randomUUID()
  await transport.publish({
    eventId,
    type: contract.type,
    version: contract.version,
    occurredAt: new Date().toISOString(),
    correlationId: `test-${eventId}`,
    payload,
  })
  return eventId
}

/** The payloads of the `contract` events this host's modules committed to the outbox, oldest first. */
export async function publishedEvents<TPayload>(
  contract: IntegrationEventContract<TPayload>
): Promise<TPayload[]> {
  const db: Database = await app.container.make('lucid.db')
  // The outbox of the publishing module's database (module_connections.ts).
  const rows: { payload: unknown }[] = await db
    .connection(moduleConnection(app, moduleOfName(contract.type)))
    .from(OUTBOX_TABLE)
    .where('type', contract.type)
    .where('version', contract.version)
    .orderBy('id', 'asc')
    .select('payload')
  return rows.map(({ payload }) =>
    typeof payload === 'string' ? (JSON.parse(payload) as TPayload) : (payload as TPayload)
  )
}

/**
 * Calls `check` until it answers something other than undefined, null or false, and resolves
 * with that; fails after `timeoutMs` (5 s) naming `what` was awaited. For what an event, a relay
 * or a consumer does after the call that caused it returned.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: { what: string; timeoutMs?: number; intervalMs?: number }
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000)
  for (;;) {
    const answer = await check()
    if (answer !== undefined && answer !== null && answer !== false) {
      return answer as Exclude<T, undefined | null | false>
    }
    if (Date.now() > deadline) {
      throw new Error(`${options.what}: not so after ${options.timeoutMs ?? 5000} ms`)
    }
    await sleep(options.intervalMs ?? 25)
  }
}
