import { PantheonModule } from '#building_blocks/infrastructure/modules/pantheon_module'
import { ordersApiVersions } from './orders_api_versions.js'

/**
 * The Orders module's registration class. It has no services of its own yet: its sample query
 * and endpoint are found by convention.
 */
export default class OrdersModule extends PantheonModule {
  readonly name = 'orders'
  readonly apiVersions = ordersApiVersions

  protected registerServices(): void {}
}
