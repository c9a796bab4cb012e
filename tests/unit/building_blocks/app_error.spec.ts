import { test } from '@japa/runner'
import { AppError, type ErrorKind } from '@pantheon/kit/application'
import { STATUS_BY_KIND } from '@pantheon/kit/http'

test.group('AppError', () => {
  test('has one factory per kind, each keeping its code and message', ({ assert }) => {
    const made = [
      AppError.validation('A.Invalid', 'a'),
      AppError.notFound('A.NotFound', 'b'),
      AppError.conflict('A.Conflict', 'c'),
      AppError.preconditionFailed('A.VersionMismatch', 'i'),
      AppError.unauthorized('A.Unauthorized', 'd'),
      AppError.forbidden('A.Forbidden', 'e'),
      AppError.unavailable('A.Unavailable', 'f'),
      AppError.notImplemented('A.NotImplemented', 'h'),
      AppError.failure('A.Failure', 'g'),
    ]
    assert.deepEqual(
      made.map((e) => [e.kind, e.code, e.message]),
      [
        ['validation', 'A.Invalid', 'a'],
        ['notFound', 'A.NotFound', 'b'],
        ['conflict', 'A.Conflict', 'c'],
        ['preconditionFailed', 'A.VersionMismatch', 'i'],
        ['unauthorized', 'A.Unauthorized', 'd'],
        ['forbidden', 'A.Forbidden', 'e'],
        ['unavailable', 'A.Unavailable', 'f'],
        ['notImplemented', 'A.NotImplemented', 'h'],
        ['failure', 'A.Failure', 'g'],
      ]
    )
  })

  test('maps every kind to its documented HTTP status', ({ assert }) => {
    const expected: Record<ErrorKind, number> = {
      validation: 400,
      notFound: 404,
      conflict: 409,
      preconditionFailed: 412,
      unauthorized: 401,
      forbidden: 403,
      unavailable: 503,
      notImplemented: 501,
      failure: 500,
    }
    assert.deepEqual(STATUS_BY_KIND, expected)
  })
})
