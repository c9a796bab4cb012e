export * from './architecture/cruise_architecture.js'
export * from './architecture/rules.js'
export * from './openapi_breaking_changes.js'
export { staleModuleIndexes } from '../scaffolding/module_indexes.js'
