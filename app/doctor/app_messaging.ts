import { statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ApplicationService } from '@adonisjs/core/types'
import type { IntegrationEventContract } from '../building_blocks/integration/integration_event.js'
import type { ConsumerClass } from '../building_blocks/infrastructure/messaging/consumer.js'
import { consumerSubscriptions } from '../building_blocks/infrastructure/messaging/consumer_subscriptions.js'
import type { Subscription } from '../building_blocks/infrastructure/messaging/message_transport.js'
import type { PantheonModule } from '../building_blocks/infrastructure/modules/pantheon_module.js'
import { registeredModules } from './app_modules.js'

/** What the app's modules publish and what their consumers read, as the boot would see it. */
export interface AppMessaging {
  /** A module's name → the contracts it declares in `publishes`. */
  publishes: Map<string, readonly IntegrationEventContract<unknown>[]>
  subscriptions: Subscription[]
}

type RegistrationClass = new (app: ApplicationService) => PantheonModule

/**
 * Loads each module's registration class and reads its `name`, `publishes` and the consumers of
 * its index, without booting it: the properties are plain fields, so a registration made with no
 * application is enough (nothing of its `register()` or `boot()` runs).
 */
export async function appMessaging(appRoot: string): Promise<AppMessaging> {
  const publishes = new Map<string, readonly IntegrationEventContract<unknown>[]>()
  const subscriptions: Subscription[] = []
  for (const module of await registeredModules(appRoot)) {
    const path = join(module.root, 'infrastructure', `${module.folder}_module.ts`)
    const url = `${pathToFileURL(path).href}?mtime=${statSync(path).mtimeMs}`
    const loaded = (await import(url)) as { default?: RegistrationClass }
    if (typeof loaded.default !== 'function') {
      throw new Error(
        `modules/${module.folder}: its registration file has no default-exported class`
      )
    }
    const registration = new loaded.default({} as ApplicationService)
    publishes.set(registration.name, registration.publishes ?? [])
    const consumers = (registration.index?.consumers ?? {}) as Record<string, ConsumerClass>
    for (const consumerClass of Object.values(consumers)) {
      subscriptions.push(
        ...consumerSubscriptions({
          consumer: `${registration.name}.${consumerClass.name}`,
          module: registration.name,
          consumes: consumerClass.consumes,
          upcasters: consumerClass.upcasters,
          deliver: async () => {},
        })
      )
    }
  }
  return { publishes, subscriptions }
}
