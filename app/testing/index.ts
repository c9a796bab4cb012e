/**
 * The public API of @pantheon/kit/testing: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export {
  APP_ROOT,
  type ArchitectureViolation,
  cruiseArchitecture,
  cruiseWithArchitectureRules,
  describeViolations,
  formatViolations,
} from './architecture/cruise_architecture.js'
export { architectureRules } from './architecture/rules.js'
export { type ModulesVerification, verifyModules } from './architecture/verify_modules.js'
export { findBreakingEventChanges } from './asyncapi_breaking_changes.js'
export { deliverEvent, eventually, publishedEvents } from './module_events.js'
export { emptyTables } from './empty_tables.js'
export { loginAs } from './login_as.js'
export { moduleDatabase } from './module_database.js'
export { prepareTestDatabases } from './test_databases.js'
export { startTestHttpServer } from './test_http_server.js'
export { findBreakingChanges } from './openapi_breaking_changes.js'
export { staleModuleIndexes } from '../scaffolding/module_indexes.js'
