import type { IntegrationEventContract } from '../../../integration/integration_event.js'
import { buildAsyncApiDocument, type ConsumedEvent } from './asyncapi_document.js'
import type { TransportNames } from './event_channel.js'

type Contract = IntegrationEventContract<unknown>

/** The transports' own defaults, for a host that registered no reference of its own. */
const DEFAULT_TRANSPORT_NAMES: TransportNames = {
  streamPrefix: 'pantheon:events:',
  exchange: 'pantheon.events',
  queuePrefix: 'pantheon.',
}

/**
 * What every module publishes and consumes, filled as the modules boot; one AsyncAPI document
 * per module is built from it on first use. A document needs the other modules too: a consumed
 * contract's channel names the module that publishes it.
 */
export class AsyncApiReference {
  readonly #publishes = new Map<string, Contract[]>()
  readonly #consumes = new Map<string, Omit<ConsumedEvent, 'publisher'>[]>()
  readonly #built = new Map<string, Record<string, unknown>>()

  constructor(
    readonly settings: {
      names: TransportNames
      contact?: Record<string, string>
      /** Whether the host answers at each document's path (API_DOCS_ENABLED), as for OpenAPI. */
      served?: boolean
    } = { names: DEFAULT_TRANSPORT_NAMES }
  ) {}

  /** A module and the contracts it publishes: one that publishes none still has a document. */
  addModule(module: string, publishes: readonly Contract[] = []): void {
    for (const contract of publishes) {
      const publisher = this.publisherOf(contract)
      if (publisher && publisher !== module) {
        throw new Error(
          `${contract.type} v${contract.version} is published by ${publisher}: ${module} cannot declare it too`
        )
      }
    }
    this.#publishes.set(module, [...(this.#publishes.get(module) ?? []), ...publishes])
    this.#built.clear()
  }

  addConsumer(module: string, consumer: string, contract: Contract): void {
    this.#consumes.set(module, [...(this.#consumes.get(module) ?? []), { consumer, contract }])
    this.#built.clear()
  }

  modules(): string[] {
    return [...new Set([...this.#publishes.keys(), ...this.#consumes.keys()])].sort()
  }

  path(module: string): string {
    return `/asyncapi/${module}.json`
  }

  /** Built on first use and kept: what modules publish and consume does not change once booted. */
  document(module: string): Record<string, unknown> | undefined {
    if (!this.modules().includes(module)) return undefined
    let document = this.#built.get(module)
    if (!document) {
      document = buildAsyncApiDocument({
        module,
        publishes: this.#publishes.get(module) ?? [],
        consumes: (this.#consumes.get(module) ?? []).map((consumed) => ({
          ...consumed,
          publisher: this.publisherOf(consumed.contract),
        })),
        names: this.settings.names,
        contact: this.settings.contact,
      })
      this.#built.set(module, document)
    }
    return document
  }

  /** What a booted module declared it publishes; undefined for a module not in this app. */
  publishedBy(module: string): readonly Contract[] | undefined {
    return this.#publishes.get(module)
  }

  /** The module that declared it publishes this contract version, if one did. */
  publisherOf(contract: Contract): string | undefined {
    for (const [module, contracts] of this.#publishes) {
      if (contracts.some((c) => c.type === contract.type && c.version === contract.version)) {
        return module
      }
    }
    return undefined
  }
}
