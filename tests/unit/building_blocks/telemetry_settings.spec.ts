import { test } from '@japa/runner'
import { serviceName, telemetryWanted } from '@pantheon/kit/telemetry'

test.group('Telemetry settings', () => {
  test('off when no OTLP endpoint is configured', ({ assert }) => {
    assert.isFalse(telemetryWanted({}))
    assert.isFalse(telemetryWanted({ OTEL_SERVICE_NAME: 'shop', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }))
  })

  test('on with an endpoint for every signal or for traces only', ({ assert }) => {
    assert.isTrue(telemetryWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }))
    assert.isTrue(
      telemetryWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })
    )
  })

  test('OTEL_SDK_DISABLED=true turns it off whatever else is set', ({ assert }) => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }
    assert.isFalse(telemetryWanted({ ...endpoint, OTEL_SDK_DISABLED: 'true' }))
    assert.isFalse(telemetryWanted({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' }))
    assert.isTrue(telemetryWanted({ ...endpoint, OTEL_SDK_DISABLED: 'false' }))
  })

  test('the service is named by OTEL_SERVICE_NAME, else by the package without its scope', ({
    assert,
  }) => {
    assert.equal(serviceName({ OTEL_SERVICE_NAME: 'shop' }, '@acme/shop-api'), 'shop')
    assert.equal(serviceName({}, '@acme/shop-api'), 'shop-api')
    assert.equal(serviceName({}, 'shop-api'), 'shop-api')
    assert.equal(serviceName({}, undefined), 'unknown_service')
  })
})
