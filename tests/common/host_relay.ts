import app from '@adonisjs/core/services/app'
import { OutboxRelay } from '@pantheon/kit/messaging'

/**
 * Stops the test host's own relay for a group, whose tests drain, relay or purge the outbox
 * themselves; returns the function that starts it again (a group setup's cleanup).
 */
export async function pauseHostRelay(): Promise<() => void> {
  const hostRelay = await app.container.make(OutboxRelay)
  await hostRelay.stop()
  return () => hostRelay.start()
}
