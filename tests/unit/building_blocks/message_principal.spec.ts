import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import {
  Command,
  type CommandHandler,
  defineCommandValidator,
  Mediator,
  type Principal,
  success,
  ValidationBehavior,
} from '@pantheon/kit/application'
import { actingPrincipal } from '#kit/building_blocks/application/principal'

const ALICE: Principal = { id: 'alice', permissions: new Set(['shop.orders.cancel']) }
const BOB: Principal = { id: 'bob', permissions: new Set() }

class CancelOrder extends Command<string> {
  constructor(readonly orderId: string) {
    super()
  }
}

class NotifyCustomer extends Command<string> {}

/** Answers with the id of the principal it received, and of the acting one after an await. */
class CancelOrderHandler implements CommandHandler<CancelOrder> {
  acting: Array<string | undefined> = []
  constructor(private readonly mediator: Mediator) {}
  async handle(command: CancelOrder) {
    await new Promise((resolve) => setImmediate(resolve))
    this.acting.push(actingPrincipal()?.id)
    const notified = await this.mediator.send(new NotifyCustomer())
    return success(`${command.caller?.id ?? 'nobody'}/${notified.ok ? notified.value : 'failed'}`)
  }
}

class NotifyCustomerHandler implements CommandHandler<NotifyCustomer> {
  async handle(command: NotifyCustomer) {
    return success(command.caller?.id ?? 'nobody')
  }
}

function mediatorFor(callerOfRequest?: () => Principal | undefined) {
  const mediator = new Mediator(callerOfRequest)
  const cancel = new CancelOrderHandler(mediator)
  mediator.register({ message: CancelOrder, handler: cancel, behaviors: [] })
  mediator.register({
    message: NotifyCustomer,
    handler: new NotifyCustomerHandler(),
    behaviors: [],
  })
  return { mediator, cancel }
}

test.group('The principal a message is sent for', () => {
  test('a message sent by a principal reaches its handler, and the commands it sends, with it', async ({
    assert,
  }) => {
    const { mediator, cancel } = mediatorFor()
    const result = await mediator.send(new CancelOrder('o-1').sentBy(ALICE))
    assert.deepEqual(result, success('alice/alice'))
    assert.deepEqual(cancel.acting, ['alice'])
    assert.isUndefined(actingPrincipal())
  })

  test('without one, it goes with the caller of the current request', async ({ assert }) => {
    let requestCaller: Principal | undefined = BOB
    const { mediator } = mediatorFor(() => requestCaller)
    assert.deepEqual(await mediator.send(new CancelOrder('o-1')), success('bob/bob'))
    // Named explicitly, the message's own principal wins.
    assert.deepEqual(
      await mediator.send(new CancelOrder('o-1').sentBy(ALICE)),
      success('alice/alice')
    )
    requestCaller = undefined
    assert.deepEqual(await mediator.send(new CancelOrder('o-1')), success('nobody/nobody'))
  })

  test('messages handled at once each keep their own principal', async ({ assert }) => {
    const { mediator, cancel } = mediatorFor()
    const results = await Promise.all([
      mediator.send(new CancelOrder('o-1').sentBy(ALICE)),
      mediator.send(new CancelOrder('o-2').sentBy(BOB)),
      mediator.send(new CancelOrder('o-3')),
    ])
    assert.deepEqual(results, [
      success('alice/alice'),
      success('bob/bob'),
      success('nobody/nobody'),
    ])
    assert.sameMembers(cancel.acting, ['alice', 'bob', undefined])
  })

  test('validation hands the principal on with the cleaned fields, and no validator sees it', async ({
    assert,
  }) => {
    const seen: unknown[] = []
    const validated: unknown[] = []
    const fields = vine.create({ orderId: vine.string().trim() })
    const validator = defineCommandValidator(CancelOrder, {
      tryValidate(data: unknown) {
        validated.push(data)
        return fields.tryValidate(data)
      },
      toJSONSchema: () => fields.toJSONSchema(),
    })
    const mediator = new Mediator()
    mediator.register({
      message: CancelOrder,
      handler: {
        async handle(command: CancelOrder) {
          seen.push(command)
          return success(command.caller?.id ?? 'nobody')
        },
      },
      behaviors: [new ValidationBehavior(validator)],
    })
    const result = await mediator.send(new CancelOrder('  o-1 ').sentBy(ALICE))
    assert.deepEqual(result, success('alice'))
    assert.equal((seen[0] as CancelOrder).orderId, 'o-1')
    assert.strictEqual((seen[0] as CancelOrder).caller, ALICE)
    assert.notProperty(validated[0], 'caller')
  })
})
