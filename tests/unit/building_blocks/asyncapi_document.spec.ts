import { test } from '@japa/runner'
import vine from '@vinejs/vine'
import { Parser } from '@asyncapi/parser'
import { defineIntegrationEvent } from '@pantheon/kit/integration'
import { AsyncApiReference } from '@pantheon/kit/messaging'

const names = { streamPrefix: 'shop:events:', exchange: 'shop.events', queuePrefix: 'shop.' }
const priced = defineIntegrationEvent(
  'stock.item_priced',
  2,
  vine.create({ sku: vine.string(), price: vine.number().optional() })
)
const unchecked = defineIntegrationEvent<{ sku: string }>('stock.item_retired', 1)

/** Stock publishes both contracts; billing consumes one of them. */
function shop() {
  const reference = new AsyncApiReference({ names })
  reference.addModule('stock', [priced, unchecked])
  reference.addModule('billing')
  reference.addConsumer('billing', 'billing.ItemPricedConsumer', priced)
  return reference
}

test.group('AsyncAPI document', () => {
  test('gives each published version a channel with its exchange, routing key and stream', ({
    assert,
  }) => {
    const document = shop().document('stock') as any
    assert.equal(document.asyncapi, '3.0.0')
    // Version 2 travels apart from version 1, under <type>.v2 (eventRoute).
    const channel = document.channels.stock_item_priced_v2
    assert.equal(channel.address, 'stock.item_priced.v2')
    assert.containsSubset(channel.bindings.amqp, {
      is: 'routingKey',
      exchange: { name: 'shop.events', type: 'topic', durable: true },
    })
    assert.deepEqual(channel['x-redis-stream'], { stream: 'shop:events:stock.item_priced.v2' })
    assert.include(channel.description, 'stream shop:events:stock.item_priced.v2')
    assert.containsSubset(document.operations.send_stock_item_priced, {
      action: 'send',
      channel: { $ref: '#/channels/stock_item_priced_v2' },
      messages: [{ $ref: '#/channels/stock_item_priced_v2/messages/stock_item_priced_v2' }],
    })
  })

  test('sends a CloudEvent: attributes as headers, the payload from the VineJS schema as the body', ({
    assert,
  }) => {
    const message = (shop().document('stock') as any).components.messages.stock_item_priced_v2
    assert.deepEqual(message.headers.required, [
      'specversion',
      'id',
      'source',
      'type',
      'time',
      'eventversion',
    ])
    const { type, eventversion, source, dataschema } = message.headers.properties
    assert.deepEqual(
      [type.const, eventversion.const, source.const, dataschema.const],
      [
        'stock.item_priced',
        '2',
        '/modules/stock',
        'urn:pantheon:asyncapi:stock:stock_item_priced_v2',
      ]
    )
    assert.equal(message.correlationId.location, '$message.header#/correlationid')
    assert.deepEqual(message.payload.required, ['sku'])
    assert.deepEqual(Object.keys(message.payload.properties), ['sku', 'price'])
    // VineJS drops unknown fields rather than refusing them: an added field must stay readable.
    assert.notProperty(message.payload, 'additionalProperties')
  })

  test('says a contract without a schema is unchecked', ({ assert }) => {
    const message = (shop().document('stock') as any).components.messages.stock_item_retired_v1
    assert.notProperty(message.payload, 'type')
    assert.match(message.payload.description, /^Unchecked/)
  })

  test("receives on the publisher's channel, through the consumer's queue and group", ({
    assert,
  }) => {
    const document = shop().document('billing') as any
    assert.deepEqual(Object.keys(document.channels), ['stock_item_priced_v2'])
    assert.include(
      document.channels.stock_item_priced_v2.description,
      'Published by the stock module'
    )
    const operation = document.operations.receive_billing_ItemPricedConsumer
    assert.equal(operation.action, 'receive')
    assert.deepEqual(operation.channel, { $ref: '#/channels/stock_item_priced_v2' })
    assert.include(operation.description, 'queue shop.billing')
    assert.include(operation.description, 'consumer group billing.ItemPricedConsumer')
  })

  test('in a migration window: a channel and an operation per version, the newest unsuffixed', async ({
    assert,
  }) => {
    const pricedV1 = defineIntegrationEvent(
      'stock.item_priced',
      1,
      vine.create({ sku: vine.string() })
    )
    const reference = new AsyncApiReference({ names })
    reference.addModule('stock', [pricedV1, priced])
    reference.addModule('billing')
    reference.addConsumer('billing', 'billing.ItemPricedConsumer', priced)
    reference.addConsumer('billing', 'billing.ItemPricedConsumer', pricedV1)
    const stock = reference.document('stock') as any
    assert.deepEqual(Object.keys(stock.channels), ['stock_item_priced', 'stock_item_priced_v2'])
    assert.equal(stock.channels.stock_item_priced.address, 'stock.item_priced')
    assert.deepEqual(Object.keys(stock.operations), [
      'send_stock_item_priced_v1',
      'send_stock_item_priced',
    ])
    assert.deepEqual(stock.operations.send_stock_item_priced_v1.messages, [
      { $ref: '#/channels/stock_item_priced/messages/stock_item_priced_v1' },
    ])
    const billing = reference.document('billing') as any
    assert.deepEqual(billing.operations.receive_billing_ItemPricedConsumer_v1.channel, {
      $ref: '#/channels/stock_item_priced',
    })
    assert.include(
      billing.operations.receive_billing_ItemPricedConsumer.description,
      'routing key stock.item_priced.v2'
    )
    for (const document of [stock, billing]) {
      const { diagnostics } = await new Parser().parse(JSON.stringify(document))
      assert.deepEqual(
        diagnostics.filter((diagnostic) => diagnostic.severity <= 1).map((d) => d.message),
        []
      )
    }
  }).timeout(30_000)

  test('refuses a contract two modules say they publish', ({ assert }) => {
    const reference = shop()
    assert.throws(
      () => reference.addModule('billing', [priced]),
      'stock.item_priced v2 is published by stock: billing cannot declare it too'
    )
  })

  test('knows no document of a module that did not register', ({ assert }) => {
    assert.deepEqual(shop().modules(), ['billing', 'stock'])
    assert.isUndefined(shop().document('orders'))
  })
})
