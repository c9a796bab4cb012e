/**
 * The public API of @pantheon/kit/messaging: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { buildAsyncApiDocument } from './asyncapi/asyncapi_document.js'
export { AsyncApiReference } from './asyncapi/asyncapi_reference.js'
export type { IntegrationEvent, IntegrationEventConsumer } from './consumer.js'
export { ConsumerRegistry } from './consumer_registry.js'
export { acceptedEvent, guardedDelivery } from './contract_guard.js'
export { DeadLetterReplay } from './dead_letter_replay.js'
export { DEAD_LETTERS_TABLE, DeadLetters } from './dead_letters.js'
export type { DomainEventHandler } from './domain_event_handler.js'
export { encodeEvent, readEvent } from './event_envelope.js'
export { INBOX_TABLE, onceThroughInbox } from './inbox.js'
export { MemoryTransport } from './memory_transport.js'
export { MessageRejected } from './message_rejection.js'
export { MessageTransport, type Subscription } from './message_transport.js'
export {
  defineMessagingConfig,
  type MessagingConfig,
  TRANSPORT_KINDS,
  type TransportKind,
} from './messaging_config.js'
export { Outbox, OUTBOX_TABLE } from './outbox.js'
export { announceOutboxWrite, OUTBOX_CHANNEL } from './outbox_announcement.js'
export { OutboxRelay } from './outbox_relay.js'
export { OutboxRelays } from './outbox_relays.js'
export { InvalidIntegrationEvent } from './publishable_event.js'
export { parseRetentionDuration } from './retention_duration.js'
export { retentionPolicy } from './retention_settings.js'
export { type RetentionPolicy, RetentionSweep } from './retention_sweep.js'
export { retryingDelivery } from './retrying_delivery.js'
export { withTimeout } from '../resilience/with_timeout.js'
export { consumerSubscriptions } from './consumer_subscriptions.js'
export { checkPublishedVersions, UnpublishedEventVersion } from './published_versions_check.js'
export { upcast, type Upcaster } from './upcaster.js'
export { type CloudEventMessage, fromCloudEvent, toCloudEvent } from './cloud_event.js'
