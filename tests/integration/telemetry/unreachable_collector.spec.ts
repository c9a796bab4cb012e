import { test } from '@japa/runner'
import { MessagingDeployment } from '../messaging/faults/messaging_host.js'
import { port, runAce } from './telemetry_host.js'

/*
 * A collector that is away must cost the last spans, nothing more: the process still closes its
 * database and broker connections and exits. (A failed final export used to throw out of the
 * host's shutdown, leaving the database open, and the command never exited.)
 */
const EXPORT_TIMEOUT_MS = 1_000

test.group('Telemetry with the collector away', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('an ace command still finishes and exits', async ({ assert, cleanup }) => {
    const deployment = new MessagingDeployment('redis', 6379)
    cleanup(() => deployment.removeFiles())
    // Nothing listens there: every export is refused, and retried until the export timeout,
    // shortened from OTLP's default 10 s to keep the test short.
    const telemetry = {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port(9)}`,
      OTEL_EXPORTER_OTLP_TIMEOUT: String(EXPORT_TIMEOUT_MS),
    }
    assert.equal(await runAce(['migration:run', '--force'], deployment.env()), 0)

    // runAce kills a command still running after 30 s and answers null: an exit that waited on
    // the collector for good fails here, one that gave up after the export timeout passes.
    assert.equal(await runAce(['outbox:list'], { ...deployment.env(), ...telemetry }), 0)
  }).timeout(60_000)
})
