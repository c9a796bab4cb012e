import type { IntegrationEventContract } from '../../integration/integration_event.js'
import { moduleOfName } from './module_of_name.js'
import type { Subscription } from './message_transport.js'

/** A consumer reading a version this app does not publish, and whether that must stop the boot. */
export interface UnpublishedVersion {
  readonly consumer: string
  readonly type: string
  readonly version: number
  /**
   * `error`: the type's module is in this app and publishes the type, but not this version (a
   * version retired while a consumer still reads it, or one not published yet): nothing will
   * ever come. `warning`: the type's module is not in this app (another service may publish
   * it), or declares no version of it in `publishes`.
   */
  readonly severity: 'error' | 'warning'
  readonly message: string
}

/**
 * The versions consumers read that no module of this app declares it publishes. `publishes`
 * gives a loaded module's declared contracts (undefined for a module not in this app); a type's
 * module is the part of the type before its first dot (`catalog.product_created` → catalog).
 */
export function unpublishedVersions(
  subscriptions: readonly Subscription[],
  publishes: (module: string) => readonly IntegrationEventContract<unknown>[] | undefined
): UnpublishedVersion[] {
  const found: UnpublishedVersion[] = []
  for (const { consumer, type, version } of subscriptions) {
    const owner = moduleOfName(type)
    const declared = publishes(owner)
    if (declared?.some((c) => c.type === type && c.version === version)) continue
    const published = (declared ?? []).filter((c) => c.type === type).map((c) => c.version)
    const reads = `${consumer} reads ${type} version ${version}`
    if (published.length > 0) {
      found.push({
        consumer,
        type,
        version,
        severity: 'error',
        message: `${reads}, but the ${owner} module publishes only version ${published.sort((a, b) => a - b).join(', ')}: publish version ${version} again (add its contract to the module's publishes) or let ${consumer} read a published version (static consumes, static upcasters)`,
      })
    } else {
      found.push({
        consumer,
        type,
        version,
        severity: 'warning',
        message: declared
          ? `${reads}, which the ${owner} module does not list in its publishes: add the contract to its "readonly publishes = [...]"`
          : `${reads}, and no module of this app is ${owner}: nothing here publishes it (fine if another service does)`,
      })
    }
  }
  return found
}
