/** The process environment as telemetry reads it (only the standard `OTEL_*` variables). */
export type TelemetryEnvironment = Readonly<Record<string, string | undefined>>

/**
 * Telemetry is off unless an OTLP endpoint is configured, and `OTEL_SDK_DISABLED=true` turns it
 * off whatever else is set: an app that configures nothing pays nothing and sends nothing.
 */
export function telemetryWanted(env: TelemetryEnvironment = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
  )
}

/** `OTEL_SERVICE_NAME`, or the app's package name (without its npm scope). */
export function serviceName(env: TelemetryEnvironment, packageName: string | undefined): string {
  const configured = env.OTEL_SERVICE_NAME?.trim()
  if (configured) return configured
  return packageName?.replace(/^@[^/]+\//, '') || 'unknown_service'
}
