import { test } from '@japa/runner'
import { BaseCheck, Result } from '@adonisjs/core/health'
import { BoundedCheck } from '#kit/host/bounded_check'

/** A dependency that accepted the question and never answers (a frozen server). */
class SilentCheck extends BaseCheck {
  name = 'Silent dependency'
  run() {
    return new Promise<ReturnType<typeof Result.ok>>(() => {})
  }
}

class AnsweringCheck extends BaseCheck {
  name = 'Answering dependency'
  async run() {
    return Result.ok('it answered')
  }
}

test.group('BoundedCheck', () => {
  test('a dependency that never answers fails once the bound has passed', async ({ assert }) => {
    const startedAt = performance.now()
    const result = await new BoundedCheck(new SilentCheck(), 150).run()
    const ms = performance.now() - startedAt

    assert.equal(result.status, 'error')
    assert.include(result.message, 'no answer within 150 ms')
    assert.isAtLeast(ms, 140)
    assert.isBelow(ms, 2000)
  })

  test('a dependency that answers is reported as it answered, under its own name', async ({
    assert,
  }) => {
    const check = new BoundedCheck(new AnsweringCheck(), 150)
    const result = await check.run()

    assert.equal(check.name, 'Answering dependency')
    assert.equal(result.status, 'ok')
    assert.equal(result.message, 'it answered')
  })
})
