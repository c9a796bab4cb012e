import { test } from '@japa/runner'
import GetOrdersSampleHandler from '../../application/queries/get_orders_sample/get_orders_sample_handler.js'

test.group('Orders sample handler', () => {
  test('says the module is running', async ({ assert }) => {
    const result = await new GetOrdersSampleHandler().handle()
    assert.deepEqual(result, { ok: true, value: 'Orders module is running' })
  })
})
