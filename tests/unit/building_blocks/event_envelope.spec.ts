import { test } from '@japa/runner'
import { MessageRejected, readEvent } from '@pantheon/kit/messaging'

const ENVELOPE = {
  eventId: '0190a5a8-0000-7000-8000-000000000001',
  type: 'catalog.product_created',
  version: 1,
  occurredAt: '2026-01-15T10:30:00.000Z',
  correlationId: 'request-1',
  payload: { name: 'Pen' },
}

/** The reason and detail `readEvent` refuses the text with, or "read" when it takes it. */
function verdict(raw: string | Buffer, maxBytes = 1024) {
  try {
    readEvent(raw, maxBytes)
    return 'read'
  } catch (error) {
    if (!(error instanceof MessageRejected)) throw error
    return error.message
  }
}

test.group('Reading an event off the wire', () => {
  test('takes an envelope, from text or bytes', ({ assert }) => {
    assert.deepEqual(readEvent(JSON.stringify(ENVELOPE), 1024), ENVELOPE)
    assert.deepEqual(readEvent(Buffer.from(JSON.stringify(ENVELOPE)), 1024), ENVELOPE)
  })

  test('refuses a message over the limit without reading it, counting bytes', ({ assert }) => {
    const text = JSON.stringify({ ...ENVELOPE, payload: { name: 'é'.repeat(300) } })
    assert.equal(
      verdict(text, 600),
      `too-large: ${Buffer.byteLength(text)} bytes, over the limit of 600`
    )
    assert.equal(verdict('{', 0), 'too-large: 1 bytes, over the limit of 0')
  })

  test('refuses {label} as malformed')
    .with([
      { label: 'text that is not JSON', raw: '{"eventId":', detail: 'not JSON' },
      { label: 'JSON that is not an object', raw: '[1]', detail: 'not a JSON object' },
      { label: 'null', raw: 'null', detail: 'not a JSON object' },
      {
        label: 'an event id that is not a UUID',
        raw: JSON.stringify({ ...ENVELOPE, eventId: 'abc' }),
        detail: '"eventId" is missing or not a UUID',
      },
      {
        label: 'an empty type',
        raw: JSON.stringify({ ...ENVELOPE, type: '' }),
        detail: '"type" is missing',
      },
      {
        label: 'a type longer than the tables hold',
        raw: JSON.stringify({ ...ENVELOPE, type: 'x'.repeat(201) }),
        detail: '"type" is longer than 200 characters',
      },
      {
        label: 'a version that is not a whole number',
        raw: JSON.stringify({ ...ENVELOPE, version: '1' }),
        detail: '"version" is missing or not a whole number',
      },
      {
        label: 'no payload',
        raw: JSON.stringify({ ...ENVELOPE, payload: undefined }),
        detail: '"payload" is missing',
      },
      {
        label: 'no correlation id',
        raw: JSON.stringify({ ...ENVELOPE, correlationId: 7 }),
        detail: '"correlationId" is missing',
      },
      {
        label: 'a trace context without traceparent',
        raw: JSON.stringify({ ...ENVELOPE, traceContext: 'x' }),
        detail: '"traceContext" has no "traceparent"',
      },
    ])
    .run(({ assert }, { raw, detail }) => {
      const outcome = verdict(raw)
      assert.match(outcome, /^malformed: /)
      assert.include(outcome, detail)
    })
})
