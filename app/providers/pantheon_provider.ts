import type { ApplicationService } from '@adonisjs/core/types'
import { withTimeout } from '../building_blocks/infrastructure/resilience/with_timeout.js'
import type { ServerConfig } from '@adonisjs/core/types/http'
import type { Database } from '@adonisjs/lucid/database'
import { Mediator } from '../building_blocks/application/mediator.js'
import { ConsumerRegistry } from '../building_blocks/infrastructure/messaging/consumer_registry.js'
import { checkPublishedVersions } from '../building_blocks/infrastructure/messaging/published_versions_check.js'
import {
  checkUnselectedPublishers,
  judgedHere,
} from '../building_blocks/infrastructure/messaging/unselected_publishers_check.js'
import { selectedModules } from '../building_blocks/infrastructure/modules/module_discovery.js'
import { DeadLetterReplay } from '../building_blocks/infrastructure/messaging/dead_letter_replay.js'
import { DeadLetters } from '../building_blocks/infrastructure/messaging/dead_letters.js'
import { MessageRejected } from '../building_blocks/infrastructure/messaging/message_rejection.js'
import { MessageTransport } from '../building_blocks/infrastructure/messaging/message_transport.js'
import {
  messageSizeLimit,
  type MessagingConfig,
} from '../building_blocks/infrastructure/messaging/messaging_config.js'
import { Outbox, OUTBOX_TABLE } from '../building_blocks/infrastructure/messaging/outbox.js'
import { observeOutboxBacklog } from '../building_blocks/infrastructure/telemetry/messaging_metrics.js'
import { OutboxRelay } from '../building_blocks/infrastructure/messaging/outbox_relay.js'
import { OutboxRelays } from '../building_blocks/infrastructure/messaging/outbox_relays.js'
import { moduleConnections } from '../building_blocks/infrastructure/persistence/module_connections.js'
import { postgresUrlOf } from '../building_blocks/infrastructure/persistence/postgres_bounds.js'
import { retentionPolicy } from '../building_blocks/infrastructure/messaging/retention_settings.js'
import {
  DEFAULT_RETRY_POLICY,
  retryingDelivery,
  unreadableToDeadLetters,
} from '../building_blocks/infrastructure/messaging/retrying_delivery.js'
import { observedDelivery } from '../building_blocks/infrastructure/messaging/observed_delivery.js'
import { stopTelemetry } from '../building_blocks/infrastructure/telemetry/start_telemetry.js'
import { createTransport } from '../building_blocks/infrastructure/messaging/transport_factory.js'
import { ApiReference } from '../building_blocks/infrastructure/http/openapi/api_reference.js'
import { AsyncApiReference } from '../building_blocks/infrastructure/messaging/asyncapi/asyncapi_reference.js'
import { VersionedModules } from '../building_blocks/infrastructure/http/versioning/versioned_modules.js'
import { DeclaredPermissions } from '../building_blocks/infrastructure/auth/permissions.js'
import { translateDomainError } from '../building_blocks/application/pipeline/domain_error_translator.js'
import { PipelineFactory } from '../building_blocks/infrastructure/modules/pipeline_factory.js'
import { translateDatabaseUnavailable } from '../building_blocks/infrastructure/persistence/database_unavailable.js'
import { databaseGate } from '../building_blocks/infrastructure/persistence/database_gate.js'
import { translateStorageFull } from '../building_blocks/infrastructure/persistence/storage_full.js'
import { translateConstraintViolation } from '../building_blocks/infrastructure/persistence/constraint_violation.js'
import { translateReferenceErrors } from '../building_blocks/infrastructure/persistence/entity_references.js'
import { translateConcurrentUpdate } from '../building_blocks/infrastructure/persistence/concurrent_update.js'
import { recoverStorageWhenFull } from '../host/storage_recovery.js'
import { requestOrigin } from '../host/request_origin.js'
import { callerOfRequest } from '../building_blocks/infrastructure/auth/caller.js'
import { pantheonConfig } from '../host/pantheon_config.js'
import { apiContact } from '../host/api_contact.js'
import { includeModuleMigrations } from '../building_blocks/infrastructure/persistence/module_migrations.js'
import { redisConnection } from '../host/redis_connection.js'
import { answerConnectRequests } from '../host/connect_requests.js'
import { answerHalfClosedClients } from '../host/half_closed_clients.js'
import { prepareDatabase } from '../host/database_readiness.js'
import { secureEveryAnswer } from '../host/security_headers.js'
import { overHttps } from '../building_blocks/infrastructure/http/security_headers.js'

/**
 * The host's own services, registered before any module: the mediator every module registers
 * its handlers with, and the pipeline factory that gives every message the same outer steps.
 */
export default class PantheonProvider {
  #relays?: OutboxRelays
  /** The outbox, once anything in this process asked for it. */
  #outbox?: Outbox
  #transport?: MessageTransport
  #stopObservingBacklog?: () => void
  #stopPreparingDatabase?: () => void
  #stopRecoveringStorage?: () => void
  #shuttingDown = false

  constructor(protected app: ApplicationService) {}

  register() {
    includeModuleMigrations(this.app)
    this.registerMediator()
    this.registerPipelineFactory()
    this.app.container.singleton(
      ApiReference,
      () => new ApiReference({ contact: apiContact(this.app), served: this.apiDocsEnabled })
    )
    this.registerAsyncApiReference()
    this.app.container.singleton(VersionedModules, () => new VersionedModules())
    this.app.container.singleton(DeclaredPermissions, () => new DeclaredPermissions())
    this.registerMessaging()
  }

  /** The modules' AsyncAPI documents, naming the streams and exchange the config names. */
  private registerAsyncApiReference() {
    this.app.container.singleton(AsyncApiReference, () => {
      const { redis, rabbitmq } = this.messagingConfig
      return new AsyncApiReference({
        names: {
          streamPrefix: redis.streamPrefix,
          exchange: rabbitmq.exchange,
          queuePrefix: rabbitmq.queuePrefix,
        },
        contact: apiContact(this.app),
        served: this.apiDocsEnabled,
      })
    })
  }

  private get messagingConfig(): MessagingConfig {
    return this.app.config.get<MessagingConfig>('messaging')
  }

  /**
   * The outbox, the configured transport with every module's consumers subscribed (each behind
   * its retries and dead letters, which also keep the messages it refuses), and the relay that
   * moves committed events from one to the other. All lazy: a process that never publishes or
   * consumes never connects to a broker.
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
      this.#outbox = new Outbox(
        await resolver.make('lucid.db'),
        () => requestOrigin(HttpContext.get()),
        { maxMessageBytes: messageSizeLimit(this.messagingConfig) }
      )
      return this.#outbox
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
      // A refusal is a fact about the message, not a failure of the code: its reason says it all.
      const onDeadLetter = (consumer: string, error: unknown) =>
        error instanceof MessageRejected
          ? logger.error(
              { consumer, reason: error.message },
              'a message was refused and became a dead letter (node ace dead-letters:list)'
            )
          : logger.error(
              { err: error, consumer },
              'an event became a dead letter (node ace dead-letters:list)'
            )
      const registry = await resolver.make(ConsumerRegistry)
      const subscriptions = registry.seal()
      // Every module has booted by now: what consumers read can be held to what modules publish
      // (those this host serves: PANTHEON_MODULES).
      const reference = await resolver.make(AsyncApiReference)
      checkPublishedVersions(
        judgedHere(subscriptions, selectedModules(this.app.makePath())),
        (module) => reference.publishedBy(module),
        logger
      )
      for (const subscription of subscriptions) {
        const deliver = retryingDelivery(
          subscription.consumer,
          subscription.deliver,
          deadLetters,
          policy,
          onDeadLetter
        )
        transport.subscribe({
          ...subscription,
          deliver: observedDelivery(subscription, transport.name, deliver),
          reject: unreadableToDeadLetters(subscription.consumer, deadLetters, onDeadLetter),
        })
      }
      return transport
    })
    // The default database's relay; OutboxRelays holds it with the others and has the outbox
    // wake whichever relay a commit concerns.
    container.singleton(OutboxRelay, () => this.relayOf(undefined))
    container.singleton(OutboxRelays, async (resolver) => {
      const db: Database = await resolver.make('lucid.db')
      const relays = new Map([[db.primaryConnectionName, await resolver.make(OutboxRelay)]])
      for (const connection of new Set(Object.values(moduleConnections(this.app)))) {
        relays.set(connection, await this.relayOf(connection))
      }
      const all = new OutboxRelays(relays)
      const outbox = await resolver.make(Outbox)
      outbox.onCommit(
        (connection) => all.wake(connection),
        (connection) => all.runsFor(connection)
      )
      return all
    })
    container.singleton(DeadLetterReplay, async (resolver) => {
      // Subscribing seals the registry; replay needs the same, final set of consumers.
      await resolver.make(MessageTransport)
      return new DeadLetterReplay(
        await resolver.make(DeadLetters),
        await resolver.make(ConsumerRegistry),
        { maxMessageBytes: messageSizeLimit(this.messagingConfig) }
      )
    })
  }

  /**
   * The relay of one database: the default connection (undefined) relays the events of the
   * modules this host serves there (PANTHEON_MODULES), a module's own connection those of the
   * modules kept in it.
   */
  private async relayOf(connection: string | undefined) {
    const resolver = this.app.container
    const logger = await resolver.make('logger')
    const { batchSize, leaseMs, pollMs } = this.messagingConfig.relay
    const db: Database = await resolver.make('lucid.db')
    const name = connection ?? db.primaryConnectionName
    const onError = (error: unknown) =>
      logger.error({ err: error, connection: name }, 'outbox relay pass failed')
    const selection = selectedModules(this.app.makePath())
    const kept = moduleConnections(this.app)
    const modules = connection
      ? selection.names.filter((module) => kept[module] === connection)
      : Object.keys(kept).length === 0 && selection.all
        ? undefined
        : selection.names.filter((module) => kept[module] === undefined)
    return new OutboxRelay(
      connection ? db.connection(connection) : db,
      await resolver.make(MessageTransport),
      {
        batchSize,
        leaseMs,
        pollMs,
        retention: retentionPolicy(this.messagingConfig.retention),
        modules,
      },
      onError,
      await this.commitListener(db, name, onError)
    )
  }

  /** On PostgreSQL, relays hear of commits made by any process (LISTEN/NOTIFY). */
  private async commitListener(
    db: Database,
    connection: string,
    onError: (error: unknown) => void
  ) {
    const url = postgresUrlOf(db.getRawConnection(connection)?.config)
    if (!url) return undefined
    const { PostgresCommitListener } =
      await import('../building_blocks/infrastructure/messaging/postgres_commit_listener.js')
    return new PostgresCommitListener(url, onError)
  }

  /**
   * The web host consumes events and, unless OUTBOX_RELAY=off (then `node ace outbox:relay`
   * runs it), relays the outbox.
   */
  async ready() {
    if (this.app.getMode() !== 'run' || !['web', 'test'].includes(this.app.getEnvironment())) return
    await this.answerEveryClient()
    this.#stopRecoveringStorage = recoverStorageWhenFull(await this.app.container.make('lucid.db'))
    this.#stopObservingBacklog = observeOutboxBacklog(
      await this.app.container.make('lucid.db'),
      OUTBOX_TABLE
    )
    // Consumers and the relay work on the database: they start once the database gate is open,
    // at once unless the web host started while the database was away (prepareDatabase).
    if (databaseGate.isOpen) return this.startMessaging()
    const logger = await this.app.container.make('logger')
    void databaseGate
      .whenOpen()
      .then(() => this.startMessaging())
      .catch((error) => logger.error({ err: error }, 'events could not start'))
  }

  private async startMessaging() {
    if (this.#shuttingDown) return
    // The broker is not waited for: while it is away the outbox keeps the events, readiness
    // answers 503, and the transport reconnects by itself with capped backoff.
    this.#transport = await this.app.container.make(MessageTransport)
    await this.#transport.startConsuming()
    // Under test the runner starts the relay once the schema is migrated (tests/bootstrap.ts).
    if (!this.messagingConfig.relay.inProcess || this.app.getEnvironment() === 'test') return
    this.#relays = await this.app.container.make(OutboxRelays)
    this.#relays.start()
  }

  /**
   * The web host's HTTP listener is up by now (ready runs after listen): it answers CONNECT
   * requests and clients that half-close after their request.
   */
  private async answerEveryClient() {
    const server = await this.app.container.make('server')
    const listener = server.getNodeServer()
    if (!listener) return
    answerConnectRequests(listener, server.handle.bind(server))
    answerHalfClosedClients(listener)
  }

  async shutdown() {
    this.#shuttingDown = true
    this.#stopPreparingDatabase?.()
    this.#stopRecoveringStorage?.()
    this.#stopObservingBacklog?.()
    await this.#relays?.stop()
    await this.#transport?.close()
    // The announcements of the last commits to relays of other processes, still on their way.
    // One lost costs its rows a poll's wait, so a database that does not answer is not waited
    // for longer than that.
    if (this.#outbox) {
      await withTimeout(this.#outbox.announced(), 2_000, 'announcements pending').catch(() => {})
    }
    // Sends the spans still buffered (the last requests, an ace command's whole run).
    await stopTelemetry()
  }

  /**
   * The web host listens whatever its database does and readies the database in the
   * background: pending migrations are applied once it answers (DB_AUTO_MIGRATE, on by default
   * in development, so the first request after `git clone` works), and modules use it from then
   * on (host/database_readiness.ts).
   */
  async start() {
    await this.refuseUnreachableConsumers()
    await this.addSecurityHeaders()
    await this.serveApiReferencePage()
    if (this.app.getEnvironment() !== 'web' || this.app.getMode() !== 'run') return
    this.#stopPreparingDatabase = await prepareDatabase(this.app)
  }

  /**
   * Every module has booted, so its consumers are registered: a host serving some modules
   * (PANTHEON_MODULES) stops here when one of them waits, over the memory transport, for events
   * of a module it does not serve. Console commands (migrations, …) are not held by it, nor a
   * test run (`node ace test --module orders`), whose tests publish the events of the modules
   * they leave out.
   */
  private async refuseUnreachableConsumers() {
    if (this.app.getEnvironment() === 'console' || this.app.getEnvironment() === 'test') return
    const registry = await this.app.container.make(ConsumerRegistry)
    checkUnselectedPublishers(
      registry.subscriptions(),
      selectedModules(this.app.makePath()),
      this.messagingConfig.transport
    )
  }

  /**
   * Security headers on every answer of the web or test host, and in production
   * Strict-Transport-Security on those that came over HTTPS (host/security_headers.ts).
   */
  private async addSecurityHeaders() {
    if (!['web', 'test'].includes(this.app.getEnvironment())) return
    const hsts = this.app.inProduction
      ? overHttps(this.app.config.get<ServerConfig>('app.http').trustProxy)
      : undefined
    secureEveryAnswer(await this.app.container.make('server'), hsts)
  }

  /** API_DOCS_ENABLED; when config/pantheon.ts predates it, everywhere but production. */
  private get apiDocsEnabled(): boolean {
    return pantheonConfig(this.app).apiDocsEnabled ?? !this.app.inProduction
  }

  /**
   * In development and under test (where a browser drives it): an interactive API reference of
   * every module and version at API_DOCS_PATH (default /docs), its viewer served by this host.
   * Not when the JSON documents it shows are turned off (API_DOCS_ENABLED=false).
   */
  private async serveApiReferencePage() {
    if ((!this.app.inDev && !this.app.inTest) || !this.apiDocsEnabled) return
    const { serveApiReference } = await import('../host/api_reference_routes.js')
    serveApiReference(
      await this.app.container.make('router'),
      await this.app.container.make(ApiReference),
      pantheonConfig(this.app).apiDocsPath,
      await this.app.container.make(AsyncApiReference)
    )
  }

  /**
   * Commands and queries sent during an authenticated request go with its caller. An app without
   * config/auth.ts has no authenticated request: its mediator never looks for a caller.
   */
  private registerMediator() {
    this.app.container.singleton(Mediator, async () => {
      if (!this.app.config.has('auth')) return new Mediator()
      const { HttpContext } = await import('@adonisjs/core/http')
      return new Mediator(() => callerOfRequest(HttpContext.get() ?? undefined))
    })
  }

  private registerPipelineFactory() {
    this.app.container.singleton(PipelineFactory, async (resolver) => {
      const logger = await resolver.make('logger')
      return new PipelineFactory({
        translators: [
          translateDomainError,
          translateStorageFull,
          translateDatabaseUnavailable,
          translateReferenceErrors,
          translateConstraintViolation,
          translateConcurrentUpdate,
        ],
        report: (error, message) =>
          logger.error({ err: error, message: message.constructor.name }, 'Unhandled error'),
        logger,
        handlerTimeoutMs: pantheonConfig(this.app).handlerTimeoutMs,
      })
    })
  }
}
