import { test } from '@japa/runner'
import { MessagingDeployment } from '../messaging/faults/messaging_host.js'
import { port, runAce } from './telemetry_host.js'

/*
 * A collector that is away must cost the last spans, nothing more: the process still closes its
 * database and broker connections and exits. (A failed final export used to throw out of the
 * host's shutdown, leaving the database open, and the command never exited.)
 */
test.group('Telemetry with the collector away', (group) => {
  group.tap((t) => t.tags(['@any-database', '@slow']))
  test('an ace command still finishes and exits', async ({ assert, cleanup }) => {
    const deployment = new MessagingDeployment('redis', 6379)
    cleanup(() => deployment.removeFiles())
    // Nothing listens there: every export is refused.
    const telemetry = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port(9)}` }
    assert.equal(await runAce(['migration:run', '--force'], deployment.env()), 0)

    // The same command without telemetry, timed beside it: a busy machine slows both alike.
    const plainStarted = Date.now()
    assert.equal(await runAce(['outbox:list'], deployment.env()), 0)
    const plain = Date.now() - plainStarted

    const started = Date.now()
    const exitCode = await runAce(['outbox:list'], { ...deployment.env(), ...telemetry })
    assert.equal(exitCode, 0)
    // An export gives up after OTLP's 10 s timeout; the rest of the margin is start-up noise.
    assert.isBelow(
      Date.now() - started - plain,
      15_000,
      'the exit waits at most for the export timeout'
    )
  }).timeout(60_000)
})
