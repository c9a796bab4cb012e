import { test } from '@japa/runner'
import {
  AppError,
  Command,
  type CommandHandler,
  failure,
  Mediator,
  type PipelineBehavior,
  Query,
  type QueryHandler,
  type Result,
  success,
} from '@pantheon/kit/application'

class RenameThing extends Command<{ renamed: boolean }> {
  constructor(readonly name: string) {
    super()
  }
}

class CountThings extends Query<number> {}

class RenameThingHandler implements CommandHandler<RenameThing> {
  received: RenameThing[] = []
  async handle(command: RenameThing) {
    this.received.push(command)
    return success({ renamed: command.name.length > 0 })
  }
}

class CountThingsHandler implements QueryHandler<CountThings> {
  async handle(): Promise<Result<number>> {
    return success(3)
  }
}

/** A behavior that records when it runs, to observe the order of the pipeline. */
function recording(name: string, log: string[]): PipelineBehavior {
  return {
    async handle(message, next) {
      log.push(`${name}:before`)
      const result = await next(message)
      log.push(`${name}:after`)
      return result
    },
  }
}

test.group('Mediator', () => {
  test('sends a command to its handler and returns its result', async ({ assert }) => {
    const mediator = new Mediator()
    const handler = new RenameThingHandler()
    mediator.register({ message: RenameThing, handler, behaviors: [] })

    const result = await mediator.send(new RenameThing('lamp'))

    assert.deepEqual(result, success({ renamed: true }))
    assert.equal(handler.received[0].name, 'lamp')
  })

  test('runs the behaviors outermost first, around the handler', async ({ assert }) => {
    const log: string[] = []
    const mediator = new Mediator()
    mediator.register({
      message: RenameThing,
      handler: new RenameThingHandler(),
      behaviors: [recording('guard', log), recording('logging', log), recording('uow', log)],
    })

    await mediator.send(new RenameThing('lamp'))

    assert.deepEqual(log, [
      'guard:before',
      'logging:before',
      'uow:before',
      'uow:after',
      'logging:after',
      'guard:after',
    ])
  })

  test('lets a behavior stop a message before the handler runs', async ({ assert }) => {
    const mediator = new Mediator()
    const handler = new RenameThingHandler()
    const refuse: PipelineBehavior = {
      handle: async () => failure(AppError.forbidden('Thing.Forbidden', 'Not yours')),
    }
    mediator.register({ message: RenameThing, handler, behaviors: [refuse] })

    const result = await mediator.send(new RenameThing('lamp'))

    assert.isFalse(result.ok)
    assert.lengthOf(handler.received, 0)
  })

  test('refuses a second handler for the same message', ({ assert }) => {
    const mediator = new Mediator()
    mediator.register({ message: RenameThing, handler: new RenameThingHandler(), behaviors: [] })

    assert.throws(
      () =>
        mediator.register({
          message: RenameThing,
          handler: new RenameThingHandler(),
          behaviors: [],
        }),
      'RenameThing already has a handler: each message has exactly one'
    )
  })

  test('fails loudly for a message nobody handles', async ({ assert }) => {
    await assert.rejects(
      () => new Mediator().query(new CountThings()),
      'No handler is registered for CountThings'
    )
  })

  test('keeps commands and queries on their own method', async ({ assert }) => {
    const mediator = new Mediator()
    mediator.register({ message: CountThings, handler: new CountThingsHandler(), behaviors: [] })

    assert.deepEqual(await mediator.query(new CountThings()), success(3))
    await assert.rejects(
      () => mediator.send(new CountThings() as never),
      'mediator.send takes a Command'
    )
  })

  test('infers the result type from the message type', ({ expectTypeOf }) => {
    const mediator = new Mediator()
    const sendRename = () => mediator.send(new RenameThing('x'))
    const askCount = () => mediator.query(new CountThings())
    expectTypeOf(sendRename).returns.toEqualTypeOf<Promise<Result<{ renamed: boolean }>>>()
    expectTypeOf(askCount).returns.toEqualTypeOf<Promise<Result<number>>>()
    // @ts-expect-error a query cannot be sent as a command
    expectTypeOf(mediator.send).toBeCallableWith(new CountThings())
    // @ts-expect-error a command cannot be asked as a query
    expectTypeOf(mediator.query).toBeCallableWith(new RenameThing('x'))
  })
})
