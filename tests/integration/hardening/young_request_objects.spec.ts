import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import app from '@adonisjs/core/services/app'

const run = promisify(execFile)

/** What V8 printed of its pretenuring decisions while the fixture made and kept its objects. */
async function pretenuringTrace(mode: 'young' | 'as-started'): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import=@pantheon/kit/typescript',
      '--trace-pretenuring-statistics',
      app.makePath('tests/integration/hardening/fixtures/surviving_allocations.ts'),
      mode,
    ],
    { cwd: app.makePath(), maxBuffer: 16 * 1024 * 1024 }
  )
  return stdout
}

/**
 * V8 deciding that a place in the code may make, or will make, its later objects in the old
 * generation (it takes the second step only at a later collection, which a short run may not
 * reach).
 */
const TENURING = /=> (maybe )?tenure\b/

/*
 * At boot nearly every object survives, so V8 learns to make the objects of code that also
 * runs per request (the database driver's, the query builder's) directly in the old
 * generation, where they outlive their request until a full collection (docs/performance.md,
 * "Minor collections while requests wait"). The host's entry point calls
 * keepRequestObjectsYoung() first to turn that learning off. Read in V8's own decisions, not
 * in timings: the same process without the call proves the fixture teaches V8 to pretenure.
 */
test.group('Request objects stay young', () => {
  test('V8 pretenures a place whose objects all survive, unless keepRequestObjectsYoung ran', async ({
    assert,
  }) => {
    const [asStarted, young] = await Promise.all([
      pretenuringTrace('as-started'),
      pretenuringTrace('young'),
    ])
    assert.match(asStarted, /kept 2000000/)
    assert.match(
      asStarted,
      TENURING,
      'without the call, V8 should have begun to pretenure the fixture'
    )
    assert.match(young, /kept 2000000/)
    assert.notMatch(young, TENURING)
  }).timeout(30_000)
})
