/*
 * Index of the orders module, generated from its files by the scaffolding
 * commands, `node ace pantheon:index` and before `node ace serve|test|build`. Its registration
 * class reads it at boot. Do not edit: a test fails when it no longer matches the files.
 */
import { defineModuleIndex } from '@pantheon/kit/modules'
import GetOrdersSampleEndpoint from '../api/get_orders_sample_endpoint.js'
import GetProductEndpoint from '../api/get_product_endpoint.js'
import GetOrdersSampleHandler from '../application/queries/get_orders_sample/get_orders_sample_handler.js'
import * as GetOrdersSampleQuery from '../application/queries/get_orders_sample/get_orders_sample_query.js'
import GetProductHandler from '../application/queries/get_product/get_product_handler.js'
import * as GetProductQuery from '../application/queries/get_product/get_product_query.js'
import ProductCreatedConsumer from '../infrastructure/consumers/product_created_consumer.js'

export default defineModuleIndex({
  messages: {
    'application/queries/get_orders_sample/get_orders_sample_query.ts': GetOrdersSampleQuery,
    'application/queries/get_product/get_product_query.ts': GetProductQuery,
  },
  handlers: {
    'application/queries/get_orders_sample/get_orders_sample_handler.ts': GetOrdersSampleHandler,
    'application/queries/get_product/get_product_handler.ts': GetProductHandler,
  },
  validators: {},
  domainEventHandlers: {},
  consumers: {
    'infrastructure/consumers/product_created_consumer.ts': ProductCreatedConsumer,
  },
  endpoints: {
    'api/get_orders_sample_endpoint.ts': GetOrdersSampleEndpoint,
    'api/get_product_endpoint.ts': GetProductEndpoint,
  },
})
