/*
 * Index of the orders module, generated from its files by the scaffolding
 * commands, `node ace pantheon:index` and before `node ace serve|test|build`. Its registration
 * class reads it at boot. Do not edit: a test fails when it no longer matches the files.
 */
import { defineModuleIndex } from '@pantheon/kit/modules'
import GetCatalogProductEndpoint from '../api/get_catalog_product_endpoint.js'
import GetOrdersSampleEndpoint from '../api/get_orders_sample_endpoint.js'
import GetCatalogProductHandler from '../application/queries/get_catalog_product/get_catalog_product_handler.js'
import * as GetCatalogProductQuery from '../application/queries/get_catalog_product/get_catalog_product_query.js'
import GetOrdersSampleHandler from '../application/queries/get_orders_sample/get_orders_sample_handler.js'
import * as GetOrdersSampleQuery from '../application/queries/get_orders_sample/get_orders_sample_query.js'
import ProductCreatedConsumer from '../infrastructure/consumers/product_created_consumer.js'

export default defineModuleIndex({
  messages: {
    'application/queries/get_catalog_product/get_catalog_product_query.ts': GetCatalogProductQuery,
    'application/queries/get_orders_sample/get_orders_sample_query.ts': GetOrdersSampleQuery,
  },
  handlers: {
    'application/queries/get_catalog_product/get_catalog_product_handler.ts':
      GetCatalogProductHandler,
    'application/queries/get_orders_sample/get_orders_sample_handler.ts': GetOrdersSampleHandler,
  },
  validators: {},
  domainEventHandlers: {},
  consumers: {
    'infrastructure/consumers/product_created_consumer.ts': ProductCreatedConsumer,
  },
  endpoints: {
    'api/get_catalog_product_endpoint.ts': GetCatalogProductEndpoint,
    'api/get_orders_sample_endpoint.ts': GetOrdersSampleEndpoint,
  },
})
