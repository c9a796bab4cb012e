import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  Command,
  defineCommandValidator,
  ExceptionGuardBehavior,
  LoggingBehavior,
  Mediator,
  Query,
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
