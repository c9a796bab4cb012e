import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { Command, type CommandHandler, Mediator, success } from '@pantheon/kit/application'
import { MediatorEndpoint } from '@pantheon/kit/http'
import { PipelineFactory } from '@pantheon/kit/modules'
import { LucidUnitOfWork, translateDatabaseUnavailable } from '@pantheon/kit/persistence'

/*
 * The production pipeline, unit of work and problem details, on the suite's real database
 * (SQLite, or PostgreSQL with DB_CONNECTION=pg), around a test-only command whose handler
 * waits for the test to let it go: so the test decides whether it finishes before or after
 * its timeout. The endpoint runs on a real HttpContext, without a route.
 */

const TABLE = 'handler_timeout_probe'
const TIMEOUT_MS = 200

class RecordDelivery extends Command<string> {
  constructor(readonly note: string) {
    super()
  }
}

/** Writes once, waits for `release`, then (optionally) writes again and succeeds. */
class SlowDeliveryHandler implements CommandHandler<RecordDelivery> {
  constructor(
    private readonly unitOfWork: LucidUnitOfWork,
    private readonly release: Promise<void>,
    private readonly writeAgain: boolean
  ) {}

  async handle(command: RecordDelivery) {
    await this.insert(`${command.note}: first write`)
    await this.release
    if (this.writeAgain) await this.insert(`${command.note}: second write`)
    return success(command.note)
  }

  private insert(note: string) {
    return this.unitOfWork.client().insertQuery().table(TABLE).insert({ note })
  }
}

class RecordDeliveryEndpoint extends MediatorEndpoint {
  readonly method = 'post'
  readonly path = '/deliveries'

  async handle(ctx: HttpContext) {
    const result = await this.mediator.send(new RecordDelivery('parcel'))
    this.respond(ctx, result, (id) => this.created(ctx, id))
  }
}

/** A host in miniature: the slow command behind the real pipeline, with what it logs. */
function deliveryHost(options: { writeAgain: boolean }) {
  const logged: Array<{ data: Record<string, unknown>; message: string }> = []
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const unitOfWork = new LucidUnitOfWork(db)
  const pipelines = new PipelineFactory({
    translators: [translateDatabaseUnavailable],
    report: (error) => logged.push({ data: { err: error }, message: 'unexpected' }),
    logger: {
      debug() {},
      info: (data, message) => logged.push({ data: data as Record<string, unknown>, message }),
    },
    handlerTimeoutMs: TIMEOUT_MS,
  })
  const mediator = new Mediator()
  mediator.register({
    message: RecordDelivery,
    handler: new SlowDeliveryHandler(unitOfWork, released, options.writeAgain),
    behaviors: pipelines.forCommand(unitOfWork),
  })
  const lateOutcome = async () => {
    for (let waited = 0; waited < 5000; waited += 20) {
      const late = logged.find(({ message }) => message.includes('after its 200 ms timeout'))
      if (late) return late.data
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error('the timed-out handler never finished')
  }
  return { endpoint: new RecordDeliveryEndpoint(mediator), release, lateOutcome }
}

async function post(endpoint: RecordDeliveryEndpoint) {
  const ctx = await testUtils.createHttpContext()
  const startedAt = performance.now()
  await endpoint.handle(ctx)
  const body = ctx.response.getBody()
  return {
    elapsedMs: performance.now() - startedAt,
    status: ctx.response.getStatus(),
    contentType: ctx.response.getHeader('content-type'),
    body: typeof body === 'string' ? JSON.parse(body) : body,
  }
}

async function storedNotes() {
  const rows = await db.from(TABLE).select('note').orderBy('note')
  return rows.map((row) => row.note)
}

test.group('Handler timeout', (group) => {
  group.setup(async () => {
    await db.connection().schema.dropTableIfExists(TABLE)
    await db.connection().schema.createTable(TABLE, (table) => table.string('note'))
    return () => db.connection().schema.dropTableIfExists(TABLE)
  })
  group.each.setup(async () => {
    await db.from(TABLE).delete()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    return () => {
      process.off('unhandledRejection', onUnhandled)
      if (unhandled.length > 0) throw new Error(`unhandled rejections: ${String(unhandled)}`)
    }
  })

  test('a command that finishes in time commits every write', async ({ assert }) => {
    const host = deliveryHost({ writeAgain: true })
    host.release()

    const response = await post(host.endpoint)

    assert.equal(response.status, 201)
    assert.deepEqual(await storedNotes(), ['parcel: first write', 'parcel: second write'])
  })

  test('a command that outlives its timeout answers 503 problem details at the timeout and saves nothing', async ({
    assert,
  }) => {
    const host = deliveryHost({ writeAgain: false })

    const response = await post(host.endpoint)

    assert.equal(response.status, 503)
    assert.equal(response.contentType, 'application/problem+json; charset=utf-8')
    assert.containsSubset(response.body, {
      status: 503,
      title: 'Service Unavailable',
      code: 'Handler.Timeout',
      errors: [{ code: 'Handler.Timeout' }],
    })
    assert.include(response.body.detail, `took longer than ${TIMEOUT_MS} ms`)
    assert.isAtLeast(response.elapsedMs, TIMEOUT_MS - 5)
    assert.isBelow(response.elapsedMs, TIMEOUT_MS + 1000)

    // The handler now succeeds, after the client was told it failed: that must not commit.
    host.release()
    assert.deepInclude(await host.lateOutcome(), { message: 'RecordDelivery', ok: true })
    assert.deepEqual(await storedNotes(), [])
  })

  test("a timed-out handler's later writes fail on the finished transaction instead of landing", async ({
    assert,
  }) => {
    const host = deliveryHost({ writeAgain: true })

    const response = await post(host.endpoint)
    host.release()
    const late = await host.lateOutcome()

    assert.equal(response.status, 503)
    assert.match(
      String((late.err as Error | undefined)?.message),
      /Transaction query already complete/
    )
    assert.deepEqual(await storedNotes(), [])
  })
})
