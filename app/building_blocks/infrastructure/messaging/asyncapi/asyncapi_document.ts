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

function messageRef(type: string, version: number) {
  return { $ref: `#/channels/${documentKey(type)}/messages/${messageKey(type, version)}` }
}

/**
 * The AsyncAPI 3.0 document of one module: a channel per event type it publishes or consumes
 * (a consumed one as its publisher declares it, so the `receive` operation points at the same
 * channel), a `send` operation per published type, a `receive` operation per consumer, and a
 * message per contract version.
 */
export function buildAsyncApiDocument(input: EventDocumentInput): Record<string, unknown> {
  const channels = new Map<string, { versions: Set<number>; publisher?: string }>()
  const messages = new Map<string, Record<string, unknown>>()
  const note = (contract: Contract, publisher: string | undefined) => {
    const channel = channels.get(contract.type) ?? { versions: new Set<number>(), publisher }
    channel.versions.add(contract.version)
    channels.set(contract.type, channel)
    messages.set(messageKey(contract.type, contract.version), eventMessage(contract))
  }
  for (const contract of input.publishes) note(contract, input.module)
  for (const consumed of input.consumes) note(consumed.contract, consumed.publisher)

  const operations: Record<string, unknown> = {}
  const published = [...new Set(input.publishes.map((contract) => contract.type))].sort()
  for (const type of published) {
    const versions = [...channels.get(type)!.versions].sort((a, b) => a - b)
    operations[`send_${documentKey(type)}`] = {
      action: 'send',
      title: `Publish ${type}`,
      description:
        'Written to the outbox in the transaction of the change that caused it, then relayed to the transport (at least once).',
      channel: { $ref: `#/channels/${documentKey(type)}` },
      messages: versions.map((version) => messageRef(type, version)),
      bindings: { amqp: { deliveryMode: 2, bindingVersion: AMQP_BINDING_VERSION } },
    }
  }
  const byConsumer = [...input.consumes].sort((a, b) => a.consumer.localeCompare(b.consumer))
  for (const { consumer, contract } of byConsumer) {
    operations[`receive_${documentKey(consumer)}`] = {
      action: 'receive',
      title: `${consumer} applies ${contract.type} v${contract.version}`,
      description: `RabbitMQ: read from the queue ${input.names.queuePrefix}${input.module}, bound to the routing key ${contract.type}. Redis Streams: read in the consumer group ${consumer}. Applied once per eventId (inbox); refused or failing events become dead letters.`,
      channel: { $ref: `#/channels/${documentKey(contract.type)}` },
      messages: [messageRef(contract.type, contract.version)],
      bindings: { amqp: { ack: true, bindingVersion: AMQP_BINDING_VERSION } },
    }
  }

  const types = [...channels.keys()].sort()
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
      types.map((type) => {
        const { versions, publisher } = channels.get(type)!
        const sorted = [...versions].sort((a, b) => a - b)
        return [documentKey(type), eventChannel(type, sorted, publisher, input.names)]
      })
    ),
    operations,
    components: {
      messages: Object.fromEntries([...messages].sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}
