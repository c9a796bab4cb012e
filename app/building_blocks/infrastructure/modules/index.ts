/**
 * The public API of @pantheon/kit/modules: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { readMessageCatalog } from './message_catalog.js'
export { moduleMigrationFolders, moduleRegistrationFiles } from './module_discovery.js'
export { defineModuleIndex, MODULE_INDEX_SECTIONS, type ModuleIndex } from './module_index.js'
export { type ModuleTestRun, moduleTestRun } from './module_test_run.js'
export { mountEndpoints } from './module_routes.js'
export { PantheonModule } from './pantheon_module.js'
export { PipelineFactory } from './pipeline_factory.js'
