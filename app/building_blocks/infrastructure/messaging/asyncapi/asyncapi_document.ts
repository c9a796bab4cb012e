import type { IntegrationEventContract } from '../../../integration/integration_event.js'
import { pascal } from '../../http/openapi/openapi_operation.js'
import {
  AMQP_BINDING_VERSION,
  documentKey,
  eventChannel,
  messageKey,
  type TransportNames,
} from './event_channel.js'
import { eventMessage } from './event_message.js'
import { eventRoute } from '../event_route.js'

type Contract = IntegrationEventContract<unknown>

/** A consumer of another module's contract, as the module's registration subscribes it. */
export interface ConsumedEvent {
  /** `<module>.<ConsumerClass>`: also its Redis consumer group and its dead letters' name. */
  consumer: string
  contract: Contract
  /** The module that publishes the contract, when one of this application does. */
  publisher?: string
}

export interface EventDocumentInput {
  module: string
  publishes: readonly Contract[]
  consumes: readonly ConsumedEvent[]
  names: TransportNames
  contact?: Record<string, string>
}

function messageRef(contract: Contract) {
  const channel = documentKey(eventRoute(contract))
  return { $ref: `#/channels/${channel}/messages/${messageKey(contract.type, contract.version)}` }
}

/**
 * An operation's key suffix: none for the newest version among `contracts` (what a module
 * publishes or a consumer applies, so the keys stay as they were before versions travelled
 * apart), `_v<n>` for an older one still published or upcast during a migration window.
 */
function versionSuffix(contract: Contract, contracts: readonly Contract[]): string {
  const newest = Math.max(
    ...contracts.filter((c) => c.type === contract.type).map((c) => c.version)
  )
  return contract.version === newest ? '' : `_v${contract.version}`
}

/**
 * The AsyncAPI 3.0 document of one module: a channel per route it publishes or consumes (each
 * version of a type travels apart, `eventRoute`: version 1 under the type, a later one under
 * `<type>.v<n>`; a consumed one as its publisher declares it, so the `receive` operation points
 * at the same channel), a `send` operation per published version, a `receive` operation per
 * consumer and version it reads, and a message per contract version.
 */
export function buildAsyncApiDocument(input: EventDocumentInput): Record<string, unknown> {
  const channels = new Map<string, { contract: Contract; publisher?: string }>()
  const messages = new Map<string, Record<string, unknown>>()
  const note = (contract: Contract, publisher: string | undefined) => {
    const route = eventRoute(contract)
    if (!channels.has(route)) channels.set(route, { contract, publisher })
    messages.set(messageKey(contract.type, contract.version), eventMessage(contract))
  }
  for (const contract of input.publishes) note(contract, input.module)
  for (const consumed of input.consumes) note(consumed.contract, consumed.publisher)

  const operations: Record<string, unknown> = {}
  const published = [...input.publishes].sort((a, b) => eventRoute(a).localeCompare(eventRoute(b)))
  for (const contract of published) {
    const { type, version } = contract
    operations[`send_${documentKey(type)}${versionSuffix(contract, input.publishes)}`] = {
      action: 'send',
      title: version === 1 ? `Publish ${type}` : `Publish ${type} version ${version}`,
      description:
        'Written to the outbox in the transaction of the change that caused it, then relayed to the transport (at least once).',
      channel: { $ref: `#/channels/${documentKey(eventRoute(contract))}` },
      messages: [messageRef(contract)],
      bindings: { amqp: { deliveryMode: 2, bindingVersion: AMQP_BINDING_VERSION } },
    }
  }
  const byConsumer = [...input.consumes].sort(
    (a, b) => a.consumer.localeCompare(b.consumer) || a.contract.version - b.contract.version
  )
  for (const { consumer, contract } of byConsumer) {
    const route = eventRoute(contract)
    const read = input.consumes.filter((c) => c.consumer === consumer).map((c) => c.contract)
    operations[`receive_${documentKey(consumer)}${versionSuffix(contract, read)}`] = {
      action: 'receive',
      title: `${consumer} applies ${contract.type} v${contract.version}`,
      description: `RabbitMQ: read from the queue ${input.names.queuePrefix}${input.module}, bound to the routing key ${route}. Redis Streams: read in the consumer group ${consumer}. Applied once per eventId (inbox); refused or failing events become dead letters.`,
      channel: { $ref: `#/channels/${documentKey(route)}` },
      messages: [messageRef(contract)],
      bindings: { amqp: { ack: true, bindingVersion: AMQP_BINDING_VERSION } },
    }
  }

  const routes = [...channels.keys()].sort()
  return {
    asyncapi: '3.0.0',
    info: {
      title: `${pascal(input.module)} events`,
      version: '1.0.0',
      description: `The integration events the ${input.module} module publishes and consumes. Each message is a CloudEvent 1.0 in binary content mode: its attributes as headers (the eventversion attribute names the contract version), the payload's JSON as the body. A published version never changes incompatibly.`,
      contact: input.contact ?? { name: `The ${input.module} module` },
      license: { name: 'MIT' },
    },
    defaultContentType: 'application/json',
    channels: Object.fromEntries(
      routes.map((route) => {
        const { contract, publisher } = channels.get(route)!
        return [documentKey(route), eventChannel(contract, publisher, input.names)]
      })
    ),
    operations,
    components: {
      messages: Object.fromEntries([...messages].sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}
