import type { IntegrationEventContract } from '../../integration/integration_event.js'

export interface PublishOptions {
  /**
   * The domain event this integration event reports. Versions of one type published for the
   * same cause are one event: they share its id, so a consumer reading both applies it once.
   */
  readonly cause?: object
}

/**
 * The event ids handed out per cause and type, so that the versions a module publishes side by
 * side during a migration window share one id. Held weakly: a cause is forgotten with its
 * command.
 */
export class EventVersions {
  readonly #byCause = new WeakMap<object, Map<string, { id: string; versions: Set<number> }>>()

  /** The id of the event `contract` reports for `cause`: `fresh` unless another version took one. */
  eventIdFor(cause: object, contract: IntegrationEventContract<unknown>, fresh: string): string {
    const types = this.#byCause.get(cause) ?? new Map()
    this.#byCause.set(cause, types)
    const known = types.get(contract.type)
    if (!known) {
      types.set(contract.type, { id: fresh, versions: new Set([contract.version]) })
      return fresh
    }
    // Two events of one type and version for one cause would be two events under one id: the
    // second would never be applied. That is a publisher bug, not a migration window.
    if (known.versions.has(contract.version)) {
      throw new Error(
        `${contract.type} version ${contract.version} was already published for this cause; publish each version once per domain event`
      )
    }
    known.versions.add(contract.version)
    return known.id
  }
}
