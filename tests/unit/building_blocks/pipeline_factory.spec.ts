import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  Command,
  defineCommandValidator,
  ExceptionGuardBehavior,
  LoggingBehavior,
  Mediator,
  Query,
  AppError,
  type CommandHandler,
  failure,
  PreparationBehavior,
  type Result,
  success,
  TimeoutBehavior,
  type UnitOfWork,
  UnitOfWorkBehavior,
  ValidationBehavior,
} from '@pantheon/kit/application'
import { PipelineFactory } from '@pantheon/kit/modules'

class RenameShelf extends Command<string> {
  constructor(readonly name: string) {
    super()
  }
}

class CountShelves extends Query<number> {}

/** A unit of work that records whether it committed, as the real one decides from the result. */
function recordingUnitOfWork(outcomes: string[]): UnitOfWork {
  return {
    async run<T>(work: () => Promise<Result<T>>) {
      const result = await work()
      outcomes.push(result.ok ? 'commit' : `rollback (${result.error.code})`)
      return result
    },
    track() {},
  }
}

/** A handler whose `prepare` takes `prepareMs` and answers `prepared`, recording each step. */
function preparingHandler(
  steps: string[],
  prepared: Result<string>,
  prepareMs = 0
): CommandHandler<RenameShelf, string> {
  return {
    async prepare(command) {
      await new Promise((resolve) => setTimeout(resolve, prepareMs))
      steps.push(`prepare ${command.name}`)
      return prepared
    },
    async handle(command, label) {
      steps.push(`handle ${command.name} with ${label}`)
      return success(`${label}: ${command.name}`)
    },
  }
}

/** Registers RenameShelf with `handler` as a module does: its preparation before the unit. */
function commandWithPreparation(
  handler: CommandHandler<RenameShelf, string>,
  steps: string[],
  options: { handlerTimeoutMs?: number; openingMs?: number } = {}
): Mediator {
  const pipelines = factory({ handlerTimeoutMs: options.handlerTimeoutMs ?? 1000 })
  const preparation = pipelines.preparationOf(handler)!
  const unitOfWork: UnitOfWork = {
    async run<T>(work: () => Promise<Result<T>>) {
      steps.push('open the unit of work')
      // Opening a transaction takes a round trip: other commands go on meanwhile.
      if (options.openingMs) await new Promise((resolve) => setTimeout(resolve, options.openingMs))
      return work()
    },
    track() {},
  }
  const mediator = new Mediator()
  mediator.register({
    message: RenameShelf,
    handler: preparation.handler,
    behaviors: pipelines.forCommand(unitOfWork, undefined, preparation),
  })
  return mediator
}

function factory(options: { handlerTimeoutMs?: number; infos?: Array<[object, string]> } = {}) {
  return new PipelineFactory({
    translators: [],
    report: () => {},
    logger: { debug() {}, info: (data, message) => options.infos?.push([data, message]) },
    handlerTimeoutMs: options.handlerTimeoutMs,
  })
}

const kinds = (behaviors: readonly object[]) => behaviors.map((behavior) => behavior.constructor)

test.group('Pipeline factory', () => {
  test('puts the timeout inside the unit of work of a command, and last for a query', ({
    assert,
  }) => {
    const validator = defineCommandValidator(RenameShelf, vine.create({ name: vine.string() }))
    const pipelines = factory()

    assert.deepEqual(kinds(pipelines.forCommand(recordingUnitOfWork([]), validator)), [
      ExceptionGuardBehavior,
      LoggingBehavior,
      ValidationBehavior,
      UnitOfWorkBehavior,
      TimeoutBehavior,
    ])
    assert.deepEqual(kinds(pipelines.forQuery()), [
      ExceptionGuardBehavior,
      LoggingBehavior,
      TimeoutBehavior,
    ])
  })

  test('puts the preparation of a handler after validation and before the unit of work', ({
    assert,
  }) => {
    const validator = defineCommandValidator(RenameShelf, vine.create({ name: vine.string() }))
    const pipelines = factory()
    const preparation = pipelines.preparationOf(preparingHandler([], success('label')))

    assert.instanceOf(preparation, PreparationBehavior)
    assert.deepEqual(kinds(pipelines.forCommand(recordingUnitOfWork([]), validator, preparation)), [
      ExceptionGuardBehavior,
      LoggingBehavior,
      ValidationBehavior,
      PreparationBehavior,
      UnitOfWorkBehavior,
      TimeoutBehavior,
    ])
    assert.isUndefined(pipelines.preparationOf({ handle: async () => success('no prepare') }))
  })

  test('prepare runs before the unit of work opens, and the handler gets what it made', async ({
    assert,
  }) => {
    const steps: string[] = []
    const mediator = commandWithPreparation(preparingHandler(steps, success('hashed')), steps)

    const result = await mediator.send(new RenameShelf('Poetry'))

    assert.deepEqual(result, success('hashed: Poetry'))
    assert.deepEqual(steps, [
      'prepare Poetry',
      'open the unit of work',
      'handle Poetry with hashed',
    ])
  })

  test('a failure from prepare is the answer, and no unit of work opens', async ({ assert }) => {
    const steps: string[] = []
    const refused = failure(AppError.forbidden('Shelf.Closed', 'Shelves are closed'))
    const mediator = commandWithPreparation(preparingHandler(steps, refused), steps)

    assert.deepEqual(await mediator.send(new RenameShelf('Poetry')), refused)
    assert.deepEqual(steps, ['prepare Poetry'])
  })

  test('a prepare that outlives the timeout answers Handler.Timeout, with no unit of work', async ({
    assert,
  }) => {
    const steps: string[] = []
    const slow = preparingHandler(steps, success('hashed'), 200)
    const mediator = commandWithPreparation(slow, steps, { handlerTimeoutMs: 20 })

    const result = await mediator.send(new RenameShelf('Poetry'))
    await new Promise((resolve) => setTimeout(resolve, 250))

    assert.equal(result.ok ? '' : result.error.code, 'Handler.Timeout')
    assert.deepEqual(steps, ['prepare Poetry'])
  })

  test('each of two sends of one command object at once gets what its own prepare made', async ({
    assert,
  }) => {
    const steps: string[] = []
    let count = 0
    const handler: CommandHandler<RenameShelf, string> = {
      async prepare() {
        const label = `label ${++count}`
        // The second send prepares while the first one's unit of work is opening.
        await new Promise((resolve) => setTimeout(resolve, count === 1 ? 0 : 10))
        return success(label)
      },
      async handle(command, label) {
        return success(`${label}: ${command.name}`)
      },
    }
    const mediator = commandWithPreparation(handler, steps, { openingMs: 30 })
    const command = new RenameShelf('Poetry')

    const [first, second] = await Promise.all([mediator.send(command), mediator.send(command)])

    assert.deepEqual([first, second], [success('label 1: Poetry'), success('label 2: Poetry')])
  })

  test('a handler with prepare() registered without its preparation step is refused', ({
    assert,
  }) => {
    const handler = preparingHandler([], success('hashed'))
    assert.throws(
      // Its type refuses it too: the guard is for callers the checker does not see.
      () =>
        new Mediator().register({ message: RenameShelf, handler: handler as never, behaviors: [] }),
      "RenameShelf's handler has prepare(): register preparation.handler, with the preparation among the behaviors"
    )
    // @ts-expect-error A handler that takes a prepared value must have prepare().
    const missing: CommandHandler<RenameShelf, string> = { handle: async () => success('') }
    assert.isFunction(missing.handle)
  })

  test('gives handlers 10 seconds unless told otherwise', ({ assert }) => {
    const timeoutOf = (pipelines: PipelineFactory) =>
      (pipelines.forQuery().at(-1) as TimeoutBehavior).timeoutMs
    assert.equal(timeoutOf(factory()), 10_000)
    assert.equal(timeoutOf(factory({ handlerTimeoutMs: 250 })), 250)
  })

  test('a command that outlives its timeout is rolled back, and its late end is logged', async ({
    assert,
  }) => {
    const outcomes: string[] = []
    const infos: Array<[object, string]> = []
    const mediator = new Mediator()
    let finish!: () => void
    const handlerDone = new Promise<void>((resolve) => (finish = resolve))
    mediator.register({
      message: RenameShelf,
      handler: {
        async handle() {
          await handlerDone
          return success('renamed too late')
        },
      },
      behaviors: factory({ handlerTimeoutMs: 30, infos }).forCommand(recordingUnitOfWork(outcomes)),
    })

    const result = await mediator.send(new RenameShelf('Poetry'))
    finish()
    await new Promise((resolve) => setTimeout(resolve, 10))

    assert.isFalse(result.ok)
    assert.deepEqual(outcomes, ['rollback (Handler.Timeout)'])
    const late = infos.find(([, message]) => message.includes('after its 30 ms timeout'))
    assert.deepInclude(late?.[0], { message: 'RenameShelf', timeoutMs: 30, ok: true })
  })

  test('a command that finishes in time commits', async ({ assert }) => {
    const outcomes: string[] = []
    const mediator = new Mediator()
    mediator.register({
      message: RenameShelf,
      handler: { handle: async (command: RenameShelf) => success(command.name) },
      behaviors: factory({ handlerTimeoutMs: 1000 }).forCommand(recordingUnitOfWork(outcomes)),
    })

    assert.deepEqual(await mediator.send(new RenameShelf('Poetry')), success('Poetry'))
    assert.deepEqual(outcomes, ['commit'])
  })

  test('a query that outlives its timeout answers Handler.Timeout', async ({ assert }) => {
    const mediator = new Mediator()
    mediator.register({
      message: CountShelves,
      handler: {
        handle: () =>
          new Promise<Result<number>>((resolve) => setTimeout(() => resolve(success(3)), 200)),
      },
      behaviors: factory({ handlerTimeoutMs: 20 }).forQuery(),
    })

    const result = await mediator.query(new CountShelves())

    assert.isFalse(result.ok)
    assert.equal(result.ok ? '' : result.error.code, 'Handler.Timeout')
  })
})
