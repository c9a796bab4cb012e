import { test } from '@japa/runner'
import { CommitUnconfirmedError, translateDatabaseUnavailable } from '@pantheon/kit/persistence'

function errorWithCode(code: string, message = 'boom') {
  return Object.assign(new Error(message), { code })
}

test.group('Database unavailable translator', () => {
  test('recognises {$self} as an unreachable database')
    .with(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', '57P01', '08006', '3D000', 'SQLITE_CANTOPEN'])
    .run(({ assert }, code) => {
      const error = translateDatabaseUnavailable(errorWithCode(code))
      assert.equal(error?.kind, 'unavailable')
      assert.equal(error?.code, 'Database.Unavailable')
    })

  test('recognises a refused connection wrapped in an AggregateError', ({ assert }) => {
    const wrapped = new AggregateError([errorWithCode('ECONNREFUSED')], 'connect failed')
    assert.equal(translateDatabaseUnavailable(wrapped)?.code, 'Database.Unavailable')
  })

  test('recognises a pool that could not hand out a connection in time', ({ assert }) => {
    const timeout = Object.assign(new Error('Knex: Timeout acquiring a connection'), {
      name: 'KnexTimeoutError',
    })
    assert.equal(translateDatabaseUnavailable(timeout)?.code, 'Database.Unavailable')
  })

  test('answers a COMMIT left unanswered 503 CommitUnconfirmed: it may have been stored', ({
    assert,
  }) => {
    const lost = new CommitUnconfirmedError(errorWithCode('ETIMEDOUT'))
    const answer = translateDatabaseUnavailable(lost)
    assert.equal(answer?.kind, 'unavailable')
    assert.equal(answer?.code, 'Database.CommitUnconfirmed')
    assert.include(answer?.message, 'may or may not have been stored')
    // Wrapped by whatever reported it, it is still a COMMIT left unanswered.
    const reported = new Error('the unit of work failed', { cause: lost })
    assert.equal(translateDatabaseUnavailable(reported)?.code, 'Database.CommitUnconfirmed')
  })

  test('leaves other database errors alone', ({ assert }) => {
    assert.isUndefined(translateDatabaseUnavailable(errorWithCode('23505', 'duplicate key')))
    assert.isUndefined(translateDatabaseUnavailable(errorWithCode('SQLITE_CONSTRAINT')))
    assert.isUndefined(translateDatabaseUnavailable(new TypeError('x is undefined')))
    assert.isUndefined(translateDatabaseUnavailable('not an error'))
  })
})
