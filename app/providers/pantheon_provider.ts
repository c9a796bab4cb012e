import type { ApplicationService } from '@adonisjs/core/types'
import type { Database } from '@adonisjs/lucid/database'
import { Mediator } from '../building_blocks/application/mediator.js'
import { ConsumerRegistry } from '../building_blocks/infrastructure/messaging/consumer_registry.js'
import { DeadLetterReplay } from '../building_blocks/infrastructure/messaging/dead_letter_replay.js'
import { DeadLetters } from '../building_blocks/infrastructure/messaging/dead_letters.js'
import { MessageTransport } from '../building_blocks/infrastructure/messaging/message_transport.js'
import type { MessagingConfig } from '../building_blocks/infrastructure/messaging/messaging_config.js'
import { Outbox, OUTBOX_TABLE } from '../building_blocks/infrastructure/messaging/outbox.js'
import { observeOutboxBacklog } from '../building_blocks/infrastructure/telemetry/messaging_metrics.js'
import { OutboxRelay } from '../building_blocks/infrastructure/messaging/outbox_relay.js'
import {
  DEFAULT_RETRY_POLICY,
  retryingDelivery,
} from '../building_blocks/infrastructure/messaging/retrying_delivery.js'
import { tracedDelivery } from '../building_blocks/infrastructure/telemetry/traced_delivery.js'
import { stopTelemetry } from '../building_blocks/infrastructure/telemetry/start_telemetry.js'
import { createTransport } from '../building_blocks/infrastructure/messaging/transport_factory.js'
import { ApiReference } from '../building_blocks/infrastructure/http/openapi/api_reference.js'
import { VersionedModules } from '../building_blocks/infrastructure/http/versioning/versioned_modules.js'
import { translateDomainError } from '../building_blocks/application/pipeline/domain_error_translator.js'
import { PipelineFactory } from '../building_blocks/infrastructure/modules/pipeline_factory.js'
import { translateDatabaseUnavailable } from '../building_blocks/infrastructure/persistence/database_unavailable.js'
import { applyPendingMigrations } from '../building_blocks/infrastructure/persistence/apply_pending_migrations.js'
import { pantheonConfig } from '../host/pantheon_config.js'
import { apiContact } from '../host/api_contact.js'
import { includeModuleMigrations } from '../building_blocks/infrastructure/persistence/module_migrations.js'
import { redisConnection } from '../host/redis_connection.js'
import { answerConnectRequests } from '../host/connect_requests.js'
import { waitForDatabase } from '../host/startup_dependencies.js'

/**
 * The host's own services, registered before any module: the mediator every module registers
 * its handlers with, and the pipeline factory that gives every message the same outer steps.
 */
export default class PantheonProvider {
  #relay?: OutboxRelay
  #transport?: MessageTransport
  #stopObservingBacklog?: () => void

  constructor(protected app: ApplicationService) {}

  register() {
    includeModuleMigrations(this.app)
    this.registerMediator()
    this.registerPipelineFactory()
    this.app.container.singleton(
      ApiReference,
      () => new ApiReference({ contact: apiContact(this.app) })
    )
    this.app.container.singleton(VersionedModules, () => new VersionedModules())
    this.registerMessaging()
  }

  private get messagingConfig(): MessagingConfig {
    return this.app.config.get<MessagingConfig>('messaging')
  }

  /**
   * The outbox, the configured transport with every module's consumers subscribed (each behind
   * its retries and dead letters), and the relay that moves committed events from one to the
   * other. All lazy: a process that never publishes or consumes never connects to a broker.
   */
  private registerMessaging() {
    const container = this.app.container
    container.singleton(ConsumerRegistry, () => new ConsumerRegistry())
    container.singleton(
      DeadLetters,
      async (resolver) => new DeadLetters(await resolver.make('lucid.db'))
    )
    container.singleton(Outbox, async (resolver) => {
      const { HttpContext } = await import('@adonisjs/core/http')
      return new Outbox(await resolver.make('lucid.db'), () => HttpContext.get()?.request.id())
    })
    container.singleton(MessageTransport, async (resolver) => {
      const logger = await resolver.make('logger')
      const config = this.messagingConfig
      const transport = await createTransport(config, {
        // Transports need a single-node connection (streams and consumer groups).
        redis: async (connection) => {
          const { ioConnection } = await redisConnection(resolver, connection)
          return ioConnection
        },
        onError: (error, context) => logger.warn({ err: error }, context),
      })
      const deadLetters = await resolver.make(DeadLetters)
      const policy = { ...DEFAULT_RETRY_POLICY, maxAttempts: config.consumers.maxAttempts }
      const onDeadLetter = (consumer: string, error: unknown) =>
        logger.error(
          { err: error, consumer },
          'an event became a dead letter (node ace dead-letters:list)'
        )
      const registry = await resolver.make(ConsumerRegistry)
      for (const subscription of registry.seal()) {
        const deliver = retryingDelivery(
          subscription.consumer,
          subscription.deliver,
          deadLetters,
          policy,
          onDeadLetter
        )
        transport.subscribe({
          ...subscription,
          deliver: tracedDelivery(subscription, transport.name, deliver),
        })
      }
      return transport
    })
    container.singleton(OutboxRelay, async (resolver) => {
      const logger = await resolver.make('logger')
      const { batchSize, leaseMs, pollMs } = this.messagingConfig.relay
      const db = await resolver.make('lucid.db')
      const onError = (error: unknown) => logger.error({ err: error }, 'outbox relay pass failed')
      const relay = new OutboxRelay(
        db,
        await resolver.make(MessageTransport),
        { batchSize, leaseMs, pollMs },
        onError,
        await this.commitListener(db, onError)
      )
      const outbox = await resolver.make(Outbox)
      outbox.onCommit(() => relay.wake())
      return relay
    })
    container.singleton(DeadLetterReplay, async (resolver) => {
      // Subscribing seals the registry; replay needs the same, final set of consumers.
      await resolver.make(MessageTransport)
      return new DeadLetterReplay(
        await resolver.make(DeadLetters),
        await resolver.make(ConsumerRegistry)
      )
    })
  }

  /** On PostgreSQL, relays hear of commits made by any process (LISTEN/NOTIFY). */
  private async commitListener(db: Database, onError: (error: unknown) => void) {
    const connection = db.getRawConnection(db.primaryConnectionName)?.config
    if (connection?.client !== 'pg' || typeof connection.connection !== 'string') return undefined
    const { PostgresCommitListener } =
      await import('../building_blocks/infrastructure/messaging/postgres_commit_listener.js')
    return new PostgresCommitListener(connection.connection, onError)
  }

  /**
   * The web host consumes events and, unless OUTBOX_RELAY=off (then `node ace outbox:relay`
   * runs it), relays the outbox.
   */
  async ready() {
    if (this.app.getMode() !== 'run' || !['web', 'test'].includes(this.app.getEnvironment())) return
    await this.answerConnectRequests()
    this.#stopObservingBacklog = observeOutboxBacklog(
      await this.app.container.make('lucid.db'),
      OUTBOX_TABLE
    )
    // The broker is not waited for: while it is away the outbox keeps the events, readiness
    // answers 503, and the transport reconnects by itself with capped backoff.
    this.#transport = await this.app.container.make(MessageTransport)
    await this.#transport.startConsuming()
    // Under test the runner starts the relay once the schema is migrated (tests/bootstrap.ts).
    if (!this.messagingConfig.relay.inProcess || this.app.getEnvironment() === 'test') return
    this.#relay = await this.app.container.make(OutboxRelay)
    this.#relay.start()
  }

  /** The web host's HTTP listener is up by now (ready runs after listen); see connect_requests. */
  private async answerConnectRequests() {
    const server = await this.app.container.make('server')
    const listener = server.getNodeServer()
    if (listener) answerConnectRequests(listener, server.handle.bind(server))
  }

  async shutdown() {
    this.#stopObservingBacklog?.()
    await this.#relay?.stop()
    await this.#transport?.close()
    // Sends the spans still buffered (the last requests, an ace command's whole run).
    await stopTelemetry()
  }

  /**
   * In development the host applies pending migrations before it listens, so the first
   * request after `git clone` works. DB_AUTO_MIGRATE overrides the default either way.
   */
  async start() {
    await this.serveApiReferencePage()
    if (this.app.getEnvironment() !== 'web' || this.app.getMode() !== 'run') return
    await waitForDatabase(this.app)
    if (!pantheonConfig(this.app).autoMigrate) return
    try {
      await applyPendingMigrations(this.app)
    } catch (error) {
      // An unreachable database must not keep the host down: modules without a database
      // dependency keep answering, and database calls answer 503 until it is back.
      const logger = await this.app.container.make('logger')
      logger.error({ err: error }, 'pending migrations could not be applied at start')
    }
  }

  /**
   * In development and under test (where a browser drives it): an interactive API reference of
   * every module and version at API_DOCS_PATH (default /docs), its viewer served by this host.
   * The JSON documents themselves are served in every environment.
   */
  private async serveApiReferencePage() {
    if (!this.app.inDev && !this.app.inTest) return
    const { serveApiReference } = await import('../host/api_reference_routes.js')
    serveApiReference(
      await this.app.container.make('router'),
      await this.app.container.make(ApiReference),
      pantheonConfig(this.app).apiDocsPath
    )
  }

  private registerMediator() {
    this.app.container.singleton(Mediator, () => new Mediator())
  }

  private registerPipelineFactory() {
    this.app.container.singleton(PipelineFactory, async (resolver) => {
      const logger = await resolver.make('logger')
      return new PipelineFactory({
        translators: [translateDomainError, translateDatabaseUnavailable],
        report: (error, message) =>
          logger.error({ err: error, message: message.constructor.name }, 'Unhandled error'),
        logger,
        handlerTimeoutMs: pantheonConfig(this.app).handlerTimeoutMs,
      })
    })
  }
}
