import { test } from '@japa/runner'
import { CloudEvent } from 'cloudevents'
import {
  fromCloudEvent,
  MessageRejected,
  readEvent,
  toCloudEvent,
  type CloudEventMessage,
} from '@pantheon/kit/messaging'
import { traceContextOfHeaders } from '../../../app/building_blocks/infrastructure/messaging/request_origin.js'

const EVENT = {
  eventId: '0190a5a8-0000-7000-8000-000000000001',
  type: 'catalog.product_created',
  version: 2,
  occurredAt: '2026-01-15T10:30:00.000Z',
  correlationId: 'request-1',
  payload: { id: 'p-1', name: 'Pen' },
  traceContext: {
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    tracestate: 'vendor=1',
  },
  actorId: 'account-7',
}

/** Why a message is refused, or "read". */
function verdict(message: CloudEventMessage, maxBytes = 4096) {
  try {
    readEvent(message, maxBytes)
    return 'read'
  } catch (error) {
    if (!(error instanceof MessageRejected)) throw error
    return error.message
  }
}

function withAttributes(changes: Record<string, string | undefined>): CloudEventMessage {
  const { attributes, data } = toCloudEvent(EVENT)
  const changed: Record<string, string> = { ...attributes }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete changed[name]
    else changed[name] = value
  }
  return { attributes: changed, data }
}

test.group('Integration events as CloudEvents', () => {
  test('an event becomes the attributes the documents list, and its payload the data', ({
    assert,
  }) => {
    const { attributes, data } = toCloudEvent(EVENT)
    assert.deepEqual(attributes, {
      specversion: '1.0',
      id: EVENT.eventId,
      source: '/modules/catalog',
      type: 'catalog.product_created',
      time: EVENT.occurredAt,
      datacontenttype: 'application/json',
      dataschema: 'urn:pantheon:asyncapi:catalog:catalog_product_created_v2',
      subject: 'p-1',
      eventversion: '2',
      correlationid: 'request-1',
      traceparent: EVENT.traceContext.traceparent,
      tracestate: 'vendor=1',
      actorid: 'account-7',
    })
    assert.equal(data, JSON.stringify(EVENT.payload))
  })

  test('each type and version gets its own source and schema, however often it is written', ({
    assert,
  }) => {
    const written = [EVENT, { ...EVENT, version: 1 }, { ...EVENT, type: 'orders.order_placed' }]
      .flatMap((event) => [event, event])
      .map((event) => toCloudEvent(event).attributes)
    assert.deepEqual(
      written.map(({ source, dataschema }) => `${source} ${dataschema}`),
      [
        '/modules/catalog urn:pantheon:asyncapi:catalog:catalog_product_created_v2',
        '/modules/catalog urn:pantheon:asyncapi:catalog:catalog_product_created_v2',
        '/modules/catalog urn:pantheon:asyncapi:catalog:catalog_product_created_v1',
        '/modules/catalog urn:pantheon:asyncapi:catalog:catalog_product_created_v1',
        '/modules/orders urn:pantheon:asyncapi:orders:orders_order_placed_v2',
        '/modules/orders urn:pantheon:asyncapi:orders:orders_order_placed_v2',
      ]
    )
  })

  test('the CloudEvents SDK takes what Pantheon writes as a valid event', ({ assert }) => {
    const { attributes, data } = toCloudEvent(EVENT)
    const event = new CloudEvent({ ...attributes, data: JSON.parse(data as string) })
    assert.isTrue(event.validate())
    assert.equal(event.eventversion, '2')
  })

  test('reading gives the event back, from text or bytes of data', ({ assert }) => {
    const message = toCloudEvent(EVENT)
    assert.deepEqual(fromCloudEvent(message), EVENT)
    assert.deepEqual(readEvent({ ...message, data: Buffer.from(message.data) }, 4096), EVENT)
  })

  test('a sender without a correlation id gets the event id as one; no trace context or actor, none', ({
    assert,
  }) => {
    const event = fromCloudEvent(
      withAttributes({
        correlationid: undefined,
        traceparent: undefined,
        tracestate: undefined,
        actorid: undefined,
      })
    )
    assert.equal(event.correlationId, EVENT.eventId)
    assert.notProperty(event, 'traceContext')
    assert.notProperty(event, 'actorId')
  })

  test('{label} is refused as malformed')
    .with([
      { label: 'another specversion', changes: { specversion: '0.3' }, says: '"specversion"' },
      { label: 'no id', changes: { id: undefined }, says: '"id" is missing or not a UUID' },
      { label: 'an id not a UUID', changes: { id: 'A234-1234' }, says: '"id" is missing' },
      { label: 'no type', changes: { type: undefined }, says: '"type" is missing' },
      { label: 'a type too long', changes: { type: 'x'.repeat(201) }, says: 'longer than 200' },
      { label: 'no time', changes: { time: undefined }, says: '"time" is missing' },
      { label: 'a time not a time', changes: { time: 'soon' }, says: 'not a timestamp' },
      { label: 'no eventversion', changes: { eventversion: undefined }, says: '"eventversion"' },
      { label: 'eventversion 0', changes: { eventversion: '0' }, says: 'at least 1' },
      { label: 'eventversion 1.5', changes: { eventversion: '1.5' }, says: 'whole number' },
      { label: 'XML data', changes: { datacontenttype: 'text/xml' }, says: 'application/json' },
    ])
    .run(({ assert }, { changes, says }) => {
      const refusal = verdict(withAttributes(changes))
      assert.match(refusal, /^malformed: /)
      assert.include(refusal, says)
    })

  test('JSON content types with parameters or a +json suffix are read', ({ assert }) => {
    assert.equal(
      verdict(withAttributes({ datacontenttype: 'application/json; charset=utf-8' })),
      'read'
    )
    assert.equal(
      verdict(withAttributes({ datacontenttype: 'application/cloudevents+json' })),
      'read'
    )
    assert.equal(verdict(withAttributes({ datacontenttype: undefined })), 'read')
  })

  test('data that is not JSON is malformed', ({ assert }) => {
    assert.match(
      verdict({ ...toCloudEvent(EVENT), data: '{"id":' }),
      /^malformed: data is not JSON/
    )
  })

  test('the size counts the data and every attribute, before anything is parsed', ({ assert }) => {
    const message = toCloudEvent(EVENT)
    const bytes =
      Buffer.byteLength(message.data as string) +
      Object.entries(message.attributes).reduce((sum, [k, v]) => sum + k.length + v.length, 0)
    assert.equal(verdict(message, bytes), 'read')
    assert.equal(
      verdict({ ...message, data: '{"not json' }, 10),
      `too-large: ${bytes - Buffer.byteLength(message.data as string) + 10} bytes, over the limit of 10`
    )
  })

  test('a dead letter in the JSON event format reads as the event it holds', ({ assert }) => {
    const { attributes, data } = toCloudEvent(EVENT)
    const structured = JSON.stringify({ ...attributes, data: JSON.parse(data as string) })
    assert.deepEqual(readEvent(structured, 4096), EVENT)
  })
})

test.group("A client's trace context", () => {
  test('{label}')
    .with([
      {
        label: 'a valid traceparent is kept, with its tracestate',
        headers: ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'a=1'],
        kept: {
          traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
          tracestate: 'a=1',
        },
      },
      { label: 'no header, nothing', headers: [undefined, 'a=1'], kept: undefined },
      {
        label: 'version ff is invalid',
        headers: ['ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', undefined],
        kept: undefined,
      },
      {
        label: 'an all-zero trace id is invalid',
        headers: [`00-${'0'.repeat(32)}-b7ad6b7169203331-01`, undefined],
        kept: undefined,
      },
      {
        label: 'an all-zero parent id is invalid',
        headers: [`00-0af7651916cd43dd8448eb211c80319c-${'0'.repeat(16)}-01`, undefined],
        kept: undefined,
      },
      {
        label: 'uppercase hex is invalid',
        headers: ['00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01', undefined],
        kept: undefined,
      },
      {
        label: 'a tracestate past 512 characters is dropped, the traceparent kept',
        headers: ['00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'a'.repeat(513)],
        kept: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      },
    ])
    .run(({ assert }, { headers, kept }) => {
      assert.deepEqual(traceContextOfHeaders(headers[0], headers[1]), kept)
    })
})
