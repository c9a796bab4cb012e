import { readFile } from 'node:fs/promises'
import { register } from 'node:module'
import { parseEnv } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { serviceName, telemetryWanted } from './telemetry_settings.js'

/** Unsubscribes from the kit's diagnostics channels (set while telemetry runs). */
let unsubscribe: (() => void) | undefined

/**
 * Starts OpenTelemetry through the official AdonisJS integration (`@adonisjs/otel`: HTTP,
 * database and Redis instrumentation, OTLP export configured by the standard `OTEL_*`
 * variables) when an OTLP endpoint is set; does nothing otherwise. Call it first in
 * `bin/server.ts` and `bin/console.ts`, before the app and its drivers are imported: the
 * instrumentations can only patch modules loaded after their hooks are in place.
 */
export async function startTelemetry(appRoot: URL): Promise<boolean> {
  await readTelemetryVariablesFromDotEnv(appRoot)
  if (!telemetryWanted(process.env)) return false
  const { createAddHookMessageChannel } = await import('import-in-the-middle')
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel()
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions)
  const { OtelManager } = await import('@adonisjs/otel/manager')
  const manager = OtelManager.create({
    enabled: true,
    serviceName: serviceName(process.env, await packageName(appRoot)),
  })
  manager?.start()
  await waitForAllMessagesAcknowledged()
  // Imported here, not at the top: every ace command starts with this function, and an app
  // without an OTLP endpoint should not load the OpenTelemetry API to learn it has none.
  const [
    { markTracingActive },
    { traceMediator },
    { traceMessaging },
    { measureMessaging },
    { nameRequestSpans },
  ] = await Promise.all([
    import('./tracing.js'),
    import('./mediator_spans.js'),
    import('./messaging_spans.js'),
    import('./messaging_metrics.js'),
    import('./request_span.js'),
  ])
  markTracingActive()
  // The kit's core publishes on diagnostics channels; its spans and metrics are made here.
  const stops = [traceMediator(), traceMessaging(), measureMessaging(), nameRequestSpans()]
  unsubscribe = () => stops.forEach((stop) => stop())
  return true
}

/** How long a stop waits for the last export: an unreachable collector must not hold the exit. */
const FLUSH_LIMIT_MS = 3_000

/**
 * Flushes what is buffered and stops exporting (the host's and every ace command's exit). It
 * never throws and never waits long: a collector that is away costs the last spans, not the
 * rest of the shutdown (closing the database, the broker).
 */
export async function stopTelemetry(): Promise<void> {
  if (!unsubscribe) return
  const { markTracingActive } = await import('./tracing.js')
  markTracingActive(false)
  unsubscribe?.()
  unsubscribe = undefined
  const { OtelManager } = await import('@adonisjs/otel/manager')
  const flushed = Promise.resolve(OtelManager.getInstance()?.shutdown()).catch(() => {})
  await Promise.race([flushed, sleep(FLUSH_LIMIT_MS, undefined, { ref: false })])
}

/**
 * The app's env validation loads `.env` only once the app boots, which is too late for the
 * hooks: the `OTEL_*` lines of `.env` are read here. The process environment wins, as it does
 * for every other variable.
 */
async function readTelemetryVariablesFromDotEnv(appRoot: URL): Promise<void> {
  let text: string
  try {
    text = await readFile(new URL('.env', appRoot), 'utf8')
  } catch {
    return
  }
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (key.startsWith('OTEL_') && process.env[key] === undefined) process.env[key] = value
  }
}

async function packageName(appRoot: URL): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(new URL('package.json', appRoot), 'utf8'))
    return typeof manifest.name === 'string' ? manifest.name : undefined
  } catch {
    return undefined
  }
}
