import type { Logger } from '@adonisjs/core/logger'
import type { IntegrationEventContract } from '../../integration/integration_event.js'
import type { Subscription } from './message_transport.js'
import { unpublishedVersions } from './published_versions.js'

/** A consumer waiting for a version its own app's publisher does not publish: boot stops. */
export class UnpublishedEventVersion extends Error {
  override readonly name = 'UnpublishedEventVersion'
}

/**
 * The boot check: each consumer reading a version no module of the app publishes is named, as a
 * warning when another service may publish it, and as an error (thrown, naming every one) when
 * the publishing module is in this app and publishes other versions of the type only.
 */
export function checkPublishedVersions(
  subscriptions: readonly Subscription[],
  publishes: (module: string) => readonly IntegrationEventContract<unknown>[] | undefined,
  logger: Pick<Logger, 'warn'>
): void {
  const found = unpublishedVersions(subscriptions, publishes)
  for (const warning of found.filter((f) => f.severity === 'warning')) {
    logger.warn(
      { consumer: warning.consumer, type: warning.type, version: warning.version },
      warning.message
    )
  }
  const errors = found.filter((f) => f.severity === 'error')
  if (errors.length > 0) {
    throw new UnpublishedEventVersion(errors.map((error) => error.message).join('\n'))
  }
}
