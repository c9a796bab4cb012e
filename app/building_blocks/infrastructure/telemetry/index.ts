/**
 * The public API of @pantheon/kit/telemetry: named exports only, pinned by
 * tests/unit/kit/public_api.spec.ts (docs/architecture.md, "The public API").
 */
export { startTelemetry } from './start_telemetry.js'
export { serviceName, telemetryWanted } from './telemetry_settings.js'
