import type { ApplicationService } from '@adonisjs/core/types'
import type { Database } from '@adonisjs/lucid/database'
import type { DomainEventHandlerClass } from '../../application/domain_events.js'
import { Mediator } from '../../application/mediator.js'
import { Command } from '../../application/messages.js'
import type { IntegrationEventContract } from '../../integration/integration_event.js'
import { ApiReference } from '../http/openapi/api_reference.js'
import { sendJson } from '../http/json_response.js'
import type { ApiVersionPolicy } from '../http/versioning/api_version_policy.js'
import { VersionedModules } from '../http/versioning/versioned_modules.js'
import { AsyncApiReference } from '../messaging/asyncapi/asyncapi_reference.js'
import type { ConsumerClass } from '../messaging/consumer.js'
import { consumerSubscriptions } from '../messaging/consumer_subscriptions.js'
import { onceThroughInbox } from '../messaging/inbox.js'
import { MediatorChannelBehavior } from '../diagnostics/mediator_channel_behavior.js'
import { ConsumerRegistry } from '../messaging/consumer_registry.js'
import { LucidUnitOfWork } from '../persistence/lucid_unit_of_work.js'
import { assignModuleConnection } from '../persistence/module_connections.js'
import { assertAuthenticationConfigured } from '../auth/authentication.js'
import { DeclaredPermissions } from '../auth/permissions.js'
import { readMessageCatalog } from './message_catalog.js'
import { selectedModules } from './module_discovery.js'
import type { ModuleIndex } from './module_index.js'
import { discoverEndpoints, mountEndpoints } from './module_routes.js'
import { PipelineFactory } from './pipeline_factory.js'

/**
 * The registration class of a module: an AdonisJS service provider found by the glob in
 * adonisrc.ts. Subclasses name the module, hand over its index (`<module>_index.ts`, generated
 * from the module's files by the scaffolding commands) and register their own services
 * (repositories) in `registerServices`; everything else comes from the index, by convention:
 * - handlers, validators, commands and queries under `application/` (at boot),
 * - domain event handlers (`*_event_handler.ts`), run in the unit of work before each commit,
 * - consumers of other modules' integration events (`infrastructure/consumers/*_consumer.ts`),
 * - endpoints under `api/` (`api/v<N>/` for one API version), mounted under `/api/<name>`
 *   and, for a versioned module, `/api/v<N>/<name>` (at start), with their OpenAPI documents,
 * - and, from `publishes` and the consumers, its AsyncAPI document at /asyncapi/<name>.json.
 * A module that PANTHEON_MODULES leaves out does none of this: no binding, handler, consumer,
 * route or document (adonisrc.ts lists every module, since it is read before `.env`).
 */
export abstract class PantheonModule {
  /** The module's folder name under modules/ (snake_case); its routes live under /api/<name>. */
  abstract readonly name: string

  /** The module's index: every handler, validator, endpoint and consumer it wires. */
  abstract readonly index: ModuleIndex

  /**
   * The module's API versions (see defineApiVersions). Leave undefined for an unversioned
   * module: its endpoints are then served at /api/<name> with no negotiation at all.
   */
  readonly apiVersions?: ApiVersionPolicy

  /**
   * The integration event contracts the module publishes (from its `integration/` folder): its
   * AsyncAPI document lists them, and tests hold them to the committed docs/asyncapi copy.
   */
  readonly publishes?: readonly IntegrationEventContract<unknown>[]

  /**
   * Changes to the module's resources that have versions (PUT, PATCH, DELETE) must say which
   * version they were made against: without If-Match they answer 428, so that no client can
   * overwrite a change it never saw. Off by default: If-Match is then honoured when sent.
   */
  readonly requireIfMatch?: boolean

  /**
   * The permissions the module owns, which its endpoints may name (`permission`) and operators
   * grant: `<module>.<resource>.<action>`, such as `catalog.products.create`.
   */
  readonly permissions?: readonly string[]

  /**
   * A database of the module's own: the name of a connection in config/database.ts. Its
   * tables, migrations, outbox and inbox then live there. `<MODULE>_DATABASE_URL` (e.g.
   * ORDERS_DATABASE_URL) does the same without a code change, and wins over this. Leave
   * undefined to share the app's default connection.
   */
  readonly connection?: string

  #unitOfWork?: LucidUnitOfWork
  #selected?: boolean
  /** The connection the module was given, once registered; undefined for the default one. */
  #connection?: string

  constructor(protected readonly app: ApplicationService) {}

  /** Bind the module's own services (repositories, domain services) in the container. */
  protected abstract registerServices(): void

  /** This module's unit of work; repositories take their database client from it. */
  protected get unitOfWork(): LucidUnitOfWork {
    if (!this.#unitOfWork) throw new Error(`The ${this.name} module is not booted yet`)
    return this.#unitOfWork
  }

  /**
   * The name of the connection the module stores in (its own, module_connections.ts), or
   * undefined for the app's default: for what reaches the database past the unit of work, such
   * as a Lucid model's `static connection`.
   */
  protected get databaseConnection(): string | undefined {
    return this.#connection
  }

  /** The URL segment of the module: its folder name in kebab case (order_items → order-items). */
  get routeSegment(): string {
    return this.name.replace(/_/g, '-')
  }

  /** Whether this process serves the module (PANTHEON_MODULES; every module when unset). */
  #isSelected(): boolean {
    this.#selected ??= selectedModules(this.app.makePath()).includes(this.name)
    return this.#selected
  }

  register(): void {
    if (!this.#isSelected()) return
    this.#connection = assignModuleConnection(this.app, this.name, this.connection)
    this.registerServices()
  }

  async boot(): Promise<void> {
    if (!this.#isSelected()) return
    if (!this.index) {
      throw new Error(
        `The ${this.name} module has no index: run node ace pantheon:index, then add "readonly index = <name>Index" (imported from ./${this.name}_index.js) to its registration class`
      )
    }
    this.#unitOfWork = new LucidUnitOfWork(
      await this.app.container.make('lucid.db'),
      undefined,
      this.#connection
    )
    await this.registerMessages()
    await this.registerDomainEventHandlers()
    const permissions = await this.app.container.make(DeclaredPermissions)
    permissions.declare(this.name, this.permissions ?? [])
    const events = await this.app.container.make(AsyncApiReference)
    events.addModule(this.name, this.publishes)
    await this.subscribeConsumers()
  }

  async start(): Promise<void> {
    if (!this.#isSelected()) return
    await this.registerEndpoints()
    await this.serveEventDocument()
  }

  /** Like the OpenAPI documents: no route at all when the host turned documents off. */
  private async serveEventDocument(): Promise<void> {
    const events = await this.app.container.make(AsyncApiReference)
    if (events.settings.served === false) return
    const router = await this.app.container.make('router')
    router
      .get(events.path(this.name), (ctx) => sendJson(ctx, 200, events.document(this.name)))
      .as(`asyncapi.${this.name}`)
  }

  private async registerMessages(): Promise<void> {
    const mediator = await this.app.container.make(Mediator)
    const pipelines = await this.app.container.make(PipelineFactory)
    const catalog = readMessageCatalog(this.index)
    for (const [message, handlerClass] of catalog.handlers) {
      const handler = await this.app.container.make(handlerClass)
      const isCommand = message.prototype instanceof Command
      const preparation = isCommand ? pipelines.preparationOf(handler) : undefined
      const behaviors = isCommand
        ? pipelines.forCommand(this.unitOfWork, catalog.validators.get(message), preparation)
        : pipelines.forQuery()
      const observed = new MediatorChannelBehavior(
        this.name,
        message.name,
        isCommand ? 'command' : 'query'
      )
      mediator.register({
        message,
        handler: preparation?.handler ?? handler,
        behaviors: [observed, ...behaviors],
      })
    }
  }

  /** `*_event_handler.ts` files react to the module's domain events inside its unit of work. */
  private async registerDomainEventHandlers(): Promise<void> {
    for (const [file, exported] of Object.entries(this.index.domainEventHandlers)) {
      const handlerClass = exported as DomainEventHandlerClass
      if (typeof handlerClass?.handles !== 'function') {
        throw new Error(`${file}: the handler class needs "static handles = <DomainEvent class>"`)
      }
      const handler = await this.app.container.make(handlerClass)
      this.unitOfWork.domainEvents.register(handlerClass.handles, handler)
    }
  }

  /**
   * `infrastructure/consumers/*_consumer.ts` apply other modules' integration events, each event
   * once (through the inbox), in a transaction of their own, and only events their contract
   * takes (its type, its version, a payload its schema accepts), or an older version one of
   * their upcasters turns into it. The transport subscribes them, once per version read.
   */
  private async subscribeConsumers(): Promise<void> {
    const consumers = await this.app.container.make(ConsumerRegistry)
    const events = await this.app.container.make(AsyncApiReference)
    const db: Database = await this.app.container.make('lucid.db')
    // Each event is recorded in the inbox of the consuming module's own database.
    const store = this.#connection ? db.connection(this.#connection) : db
    for (const [file, exported] of Object.entries(this.index.consumers)) {
      const consumerClass = exported as ConsumerClass
      if (!consumerClass?.consumes?.type) {
        throw new Error(
          `${file}: the consumer class needs "static consumes = <integration event contract>"`
        )
      }
      const consumer = (await this.app.container.make(consumerClass)) as InstanceType<ConsumerClass>
      const name = `${this.name}.${consumerClass.name}`
      const upcasters = consumerClass.upcasters ?? []
      const subscriptions = consumerSubscriptions({
        consumer: name,
        module: this.name,
        consumes: consumerClass.consumes,
        upcasters,
        deliver: onceThroughInbox(store, name, (event, client) => consumer.handle(event, client)),
      })
      events.addConsumer(this.name, name, consumerClass.consumes)
      for (const upcaster of upcasters) events.addConsumer(this.name, name, upcaster.from)
      consumers.add(...subscriptions)
    }
  }

  private async registerEndpoints(): Promise<void> {
    const router = await this.app.container.make('router')
    const mediator = await this.app.container.make(Mediator)
    const reference = await this.app.container.make(ApiReference)
    const endpoints = discoverEndpoints(this.index, mediator)
    assertAuthenticationConfigured(
      this.app,
      this.name,
      endpoints.map(({ endpoint, file }) => ({
        file,
        authenticated: endpoint.authenticated,
        permission: endpoint.permission,
      })),
      this.permissions
    )
    mountEndpoints(router, this.routeSegment, endpoints, this.apiVersions, reference, {
      requireIfMatch: this.requireIfMatch === true,
    })
    if (this.apiVersions) {
      const versionedModules = await this.app.container.make(VersionedModules)
      versionedModules.add(this.routeSegment, this.apiVersions)
    }
  }
}
