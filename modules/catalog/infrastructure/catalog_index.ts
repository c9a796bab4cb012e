/*
 * Index of the catalog module, generated from its files by the scaffolding
 * commands, `node ace pantheon:index` and before `node ace serve|test|build`. Its registration
 * class reads it at boot. Do not edit: a test fails when it no longer matches the files.
 */
import { defineModuleIndex } from '@pantheon/kit/modules'
import GetCatalogSampleEndpoint from '../api/get_catalog_sample_endpoint.js'
import V1CreateProductEndpoint from '../api/v1/create_product_endpoint.js'
import V1GetProductByIdEndpoint from '../api/v1/get_product_by_id_endpoint.js'
import V2CreateProductEndpoint from '../api/v2/create_product_endpoint.js'
import DeleteProductEndpoint from '../api/v2/delete_product_endpoint.js'
import V2GetProductByIdEndpoint from '../api/v2/get_product_by_id_endpoint.js'
import * as CreateProductCommand from '../application/commands/create_product/create_product_command.js'
import CreateProductHandler from '../application/commands/create_product/create_product_handler.js'
import CreateProductValidator from '../application/commands/create_product/create_product_validator.js'
import * as CreateProductV2Command from '../application/commands/create_product_v2/create_product_v2_command.js'
import CreateProductV2Handler from '../application/commands/create_product_v2/create_product_v2_handler.js'
import CreateProductV2Validator from '../application/commands/create_product_v2/create_product_v2_validator.js'
import * as DeleteProductCommand from '../application/commands/delete_product/delete_product_command.js'
import DeleteProductHandler from '../application/commands/delete_product/delete_product_handler.js'
import DeleteProductValidator from '../application/commands/delete_product/delete_product_validator.js'
import GetCatalogSampleHandler from '../application/queries/get_catalog_sample/get_catalog_sample_handler.js'
import * as GetCatalogSampleQuery from '../application/queries/get_catalog_sample/get_catalog_sample_query.js'
import GetProductByIdHandler from '../application/queries/get_product_by_id/get_product_by_id_handler.js'
import * as GetProductByIdQuery from '../application/queries/get_product_by_id/get_product_by_id_query.js'
import GetProductByIdV2Handler from '../application/queries/get_product_by_id_v2/get_product_by_id_v2_handler.js'
import * as GetProductByIdV2Query from '../application/queries/get_product_by_id_v2/get_product_by_id_v2_query.js'
import PublishProductCreatedEventHandler from '../infrastructure/publish_product_created_event_handler.js'

export default defineModuleIndex({
  messages: {
    'application/commands/create_product/create_product_command.ts': CreateProductCommand,
    'application/commands/create_product_v2/create_product_v2_command.ts': CreateProductV2Command,
    'application/commands/delete_product/delete_product_command.ts': DeleteProductCommand,
    'application/queries/get_catalog_sample/get_catalog_sample_query.ts': GetCatalogSampleQuery,
    'application/queries/get_product_by_id/get_product_by_id_query.ts': GetProductByIdQuery,
    'application/queries/get_product_by_id_v2/get_product_by_id_v2_query.ts': GetProductByIdV2Query,
  },
  handlers: {
    'application/commands/create_product/create_product_handler.ts': CreateProductHandler,
    'application/commands/create_product_v2/create_product_v2_handler.ts': CreateProductV2Handler,
    'application/commands/delete_product/delete_product_handler.ts': DeleteProductHandler,
    'application/queries/get_catalog_sample/get_catalog_sample_handler.ts': GetCatalogSampleHandler,
    'application/queries/get_product_by_id/get_product_by_id_handler.ts': GetProductByIdHandler,
    'application/queries/get_product_by_id_v2/get_product_by_id_v2_handler.ts':
      GetProductByIdV2Handler,
  },
  validators: {
    'application/commands/create_product/create_product_validator.ts': CreateProductValidator,
    'application/commands/create_product_v2/create_product_v2_validator.ts':
      CreateProductV2Validator,
    'application/commands/delete_product/delete_product_validator.ts': DeleteProductValidator,
  },
  domainEventHandlers: {
    'infrastructure/publish_product_created_event_handler.ts': PublishProductCreatedEventHandler,
  },
  consumers: {},
  endpoints: {
    'api/get_catalog_sample_endpoint.ts': GetCatalogSampleEndpoint,
    'api/v1/create_product_endpoint.ts': V1CreateProductEndpoint,
    'api/v1/get_product_by_id_endpoint.ts': V1GetProductByIdEndpoint,
    'api/v2/create_product_endpoint.ts': V2CreateProductEndpoint,
    'api/v2/delete_product_endpoint.ts': DeleteProductEndpoint,
    'api/v2/get_product_by_id_endpoint.ts': V2GetProductByIdEndpoint,
  },
})
