import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  AppError,
  Command,
  defineCommandValidator,
  ExceptionGuardBehavior,
  failure,
  LoggingBehavior,
  type Message,
  Query,
  success,
  translateDomainError,
  ValidationBehavior,
} from '@pantheon/kit/application'
import { DomainError } from '@pantheon/kit/domain'

class RegisterPet extends Command<string> {
  constructor(
    readonly name: string,
    readonly age: number
  ) {
    super()
  }
}

const registerPetValidator = defineCommandValidator(
  RegisterPet,
  vine.create({ name: vine.string().trim().minLength(2), age: vine.number().min(0) })
)

test.group('Validation behavior', () => {
  test('lists every failed field and never reaches the handler', async ({ assert }) => {
    const behavior = new ValidationBehavior(registerPetValidator)
    let reached = false

    const result = await behavior.handle(new RegisterPet('x', -1), async () => {
      reached = true
      return success('id')
    })

    assert.isFalse(reached)
    assert.isFalse(result.ok)
    if (result.ok) return
    assert.equal(result.error.kind, 'validation')
    assert.equal(result.error.code, 'Validation.Failed')
    assert.deepEqual(
      result.error.fieldErrors.map((e) => [e.field, e.code]),
      [
        ['name', 'minLength'],
        ['age', 'min'],
      ]
    )
  })

  test('hands the validated values to the handler, as the same command type', async ({
    assert,
  }) => {
    const behavior = new ValidationBehavior(registerPetValidator)
    let received: Message | undefined

    await behavior.handle(new RegisterPet('  Rex  ', 3), async (message) => {
      received = message
      return success('id')
    })

    assert.instanceOf(received, RegisterPet)
    assert.equal((received as RegisterPet).name, 'Rex')
  })

  test('hands on the version the change was made against, which no validator checks', async ({
    assert,
  }) => {
    const behavior = new ValidationBehavior(registerPetValidator)
    const received: Message[] = []
    const next = async (message: Message) => {
      received.push(message)
      return success('id')
    }

    await behavior.handle(new RegisterPet('Rex', 3).expecting([4, 5]), next)
    await behavior.handle(new RegisterPet('Rex', 3).expecting('any'), next)
    await behavior.handle(new RegisterPet('Rex', 3), next)

    assert.deepEqual(
      received.map((message) => (message as RegisterPet).expectedVersion),
      [[4, 5], 'any', undefined]
    )
  })
})

test.group('Exception guard behavior', () => {
  test('turns an unexpected exception into a failure and reports it', async ({ assert }) => {
    const reported: unknown[] = []
    const guard = new ExceptionGuardBehavior([], (error) => reported.push(error))
    const boom = new Error('disk on fire')

    const result = await guard.handle(new RegisterPet('Rex', 3), async () => {
      throw boom
    })

    assert.deepEqual(
      result,
      failure(AppError.failure('Server.Unexpected', 'An unexpected error occurred'))
    )
    assert.deepEqual(reported, [boom])
  })

  test('keeps the meaning of a translated exception and does not report it', async ({ assert }) => {
    const reported: unknown[] = []
    const guard = new ExceptionGuardBehavior([translateDomainError], (e) => reported.push(e))

    const result = await guard.handle(new RegisterPet('Rex', 3), async () => {
      throw new DomainError('Pet.TooOld', 'No pet is that old')
    })

    assert.isFalse(result.ok)
    if (result.ok) return
    assert.equal(result.error.kind, 'validation')
    assert.equal(result.error.code, 'Pet.TooOld')
    assert.lengthOf(reported, 0)
  })

  test('passes results through untouched', async ({ assert }) => {
    const guard = new ExceptionGuardBehavior([], () => {})
    const result = await guard.handle(new RegisterPet('Rex', 3), async () => success('id-1'))
    assert.deepEqual(result, success('id-1'))
  })
})

test.group('Logging behavior', () => {
  class Lookup extends Query<string> {}

  function recordingLogger(enabled: boolean) {
    const lines: Array<{ level: string; data: Record<string, unknown>; message: string }> = []
    return {
      lines,
      debug: (data: object, message: string) =>
        lines.push({ level: 'debug', data: data as Record<string, unknown>, message }),
      info: (data: object, message: string) =>
        lines.push({ level: 'info', data: data as Record<string, unknown>, message }),
      isLevelEnabled: () => enabled,
    }
  }

  test('logs a success at debug and a failure at info, with the code and duration', async ({
    assert,
  }) => {
    const logger = recordingLogger(true)
    const behavior = new LoggingBehavior(logger)
    assert.deepEqual(
      await behavior.handle(new Lookup(), async () => success('found')),
      success('found')
    )
    const missing = failure(AppError.notFound('Lookup.Missing', 'nothing there'))
    assert.deepEqual(await behavior.handle(new Lookup(), async () => missing), missing)

    assert.deepEqual(
      logger.lines.map(({ level, message }) => [level, message]),
      [
        ['debug', 'Lookup handled'],
        ['info', 'Lookup failed with Lookup.Missing'],
      ]
    )
    assert.containsSubset(logger.lines[1].data, {
      message: 'Lookup',
      kind: 'notFound',
      code: 'Lookup.Missing',
    })
    assert.isNumber(logger.lines[1].data.durationMs)
  })

  test('passes results through without logging when the logger is above info', async ({
    assert,
  }) => {
    const logger = recordingLogger(false)
    const behavior = new LoggingBehavior(logger)
    const missing = failure(AppError.notFound('Lookup.Missing', 'nothing there'))
    assert.deepEqual(await behavior.handle(new Lookup(), async () => missing), missing)
    assert.lengthOf(logger.lines, 0)
  })
})
