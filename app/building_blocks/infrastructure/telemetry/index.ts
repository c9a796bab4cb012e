export { startTelemetry, stopTelemetry } from './start_telemetry.js'
export { telemetryWanted, serviceName } from './telemetry_settings.js'
export { currentTraceContext, contextFrom } from './trace_context.js'
export { inSpan, isTracing, tracer } from './tracing.js'
