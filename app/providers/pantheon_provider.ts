import type { ApplicationService } from '@adonisjs/core/types'
import { Mediator } from '#building_blocks/application/mediator'
import { MemoryTransport } from '#building_blocks/infrastructure/messaging/memory_transport'
import { Outbox } from '#building_blocks/infrastructure/messaging/outbox'
import { OutboxRelay } from '#building_blocks/infrastructure/messaging/outbox_relay'
import { ApiReference } from '#building_blocks/infrastructure/http/openapi/api_reference'
import { translateDomainError } from '#building_blocks/application/pipeline/domain_error_translator'
import { PipelineFactory } from '#building_blocks/infrastructure/modules/pipeline_factory'
import { translateDatabaseUnavailable } from '#building_blocks/infrastructure/persistence/database_unavailable'
import { applyPendingMigrations } from '#building_blocks/infrastructure/persistence/apply_pending_migrations'
import env from '#start/env'

/**
 * The host's own services, registered before any module: the mediator every module registers
 * its handlers with, and the pipeline factory that gives every message the same outer steps.
 */
export default class PantheonProvider {
  #relay?: OutboxRelay

  constructor(protected app: ApplicationService) {}

  register() {
    this.registerMediator()
    this.registerPipelineFactory()
    this.app.container.singleton(ApiReference, () => new ApiReference())
    this.registerMessaging()
  }

  /** The outbox, the transport and the relay that moves committed events from one to the other. */
  private registerMessaging() {
    this.app.container.singleton(Outbox, async (resolver) => {
      const { HttpContext } = await import('@adonisjs/core/http')
      return new Outbox(await resolver.make('lucid.db'), () => HttpContext.get()?.request.id())
    })
    this.app.container.singleton(MemoryTransport, () => new MemoryTransport())
    this.app.container.singleton(OutboxRelay, async (resolver) => {
      const logger = await resolver.make('logger')
      const relay = new OutboxRelay(
        await resolver.make('lucid.db'),
        await resolver.make(MemoryTransport),
        {},
        (error) => logger.error({ err: error }, 'outbox relay pass failed')
      )
      ;(await resolver.make(Outbox)).onCommit(() => relay.wake())
      return relay
    })
  }

  /** The relay runs in the host unless OUTBOX_RELAY=off (then `node ace outbox:relay` runs it). */
  async ready() {
    if (this.app.getMode() !== 'run' || !['web', 'test'].includes(this.app.getEnvironment())) return
    if (env.get('OUTBOX_RELAY', 'in-process') === 'off') return
    this.#relay = await this.app.container.make(OutboxRelay)
    this.#relay.start()
  }

  async shutdown() {
    await this.#relay?.stop()
  }

  /**
   * In development the host applies pending migrations before it listens, so the first
   * request after `git clone` works. DB_AUTO_MIGRATE overrides the default either way.
   */
  async start() {
    await this.serveApiReferencePage()
    const enabled = env.get('DB_AUTO_MIGRATE', this.app.inDev)
    if (!enabled || this.app.getEnvironment() !== 'web' || this.app.getMode() !== 'run') return
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
   * In development only: an interactive API reference of every module and version at
   * API_DOCS_PATH (default /docs). The JSON documents themselves are served in every environment.
   */
  private async serveApiReferencePage() {
    if (!this.app.inDev) return
    const router = await this.app.container.make('router')
    const reference = await this.app.container.make(ApiReference)
    const { apiReferencePage } = await import('#host/api_reference_page')
    router.get(env.get('API_DOCS_PATH', '/docs'), ({ response }) =>
      response.header('content-type', 'text/html; charset=utf-8').send(apiReferencePage(reference.entries()))
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
      })
    })
  }
}
