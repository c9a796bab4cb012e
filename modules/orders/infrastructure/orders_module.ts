import { PantheonModule } from '@pantheon/kit/modules'
import { ordersApiVersions } from './orders_api_versions.js'
import ordersIndex from './orders_index.js'
import { CatalogProductRepository } from '../domain/catalog_product.js'
import { LucidCatalogProductRepository } from './persistence/lucid_catalog_product_repository.js'

/**
 * The Orders module's registration class: an AdonisJS service provider found by the
 * glob in adonisrc.ts. Its handlers, validators and endpoints are listed in its index, which
 * the scaffolding commands keep up to date; bind the module's own services (repositories) in
 * registerServices.
 */
export default class OrdersModule extends PantheonModule {
  readonly name = 'orders'
  readonly apiVersions = ordersApiVersions
  readonly index = ordersIndex

  protected registerServices(): void {
    this.app.container.singleton(
      CatalogProductRepository,
      () => new LucidCatalogProductRepository(this.unitOfWork)
    )
  }
}
