import type { ContainerResolver } from '@adonisjs/core/container'
import type { ApplicationService, ContainerBindings } from '@adonisjs/core/types'
import type { RedisConnection } from '@adonisjs/redis'

/**
 * A single-node connection of the app's `redis` binding, by name (the default one when none is
 * given). The connection names are the app's own (its config/redis.ts augments them), which the
 * kit cannot know when it is compiled, hence the name as a plain string here.
 */
export async function redisConnection(
  resolver: ApplicationService['container'] | ContainerResolver<ContainerBindings>,
  name?: string
): Promise<RedisConnection> {
  const manager = (await resolver.make('redis')) as unknown as {
    connection(name?: string): RedisConnection
  }
  return manager.connection(name)
}
