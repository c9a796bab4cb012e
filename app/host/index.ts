/**
 * The public API of @pantheon/kit/host: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { definePantheonConfig } from './pantheon_config.js'
export { DatabaseCommand } from './database_command.js'
