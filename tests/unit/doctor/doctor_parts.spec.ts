import { test } from '@japa/runner'
import type { CheckResult, Finding } from '#kit/doctor/doctor_check'
import { checkMark, doctorExitCode, doctorReport } from '#kit/doctor/doctor_report'
import { satisfiesKitRange } from '#kit/doctor/kit_version_check'
import { brokerNamespace } from '#kit/doctor/messaging_check'
import { routeCollisions } from '#kit/doctor/route_collisions'
import type { MessagingConfig } from '#kit/building_blocks/infrastructure/messaging/messaging_config'

const finding = (severity: Finding['severity']): Finding => ({ severity, message: 'm', fix: 'f' })
const check = (...findings: Finding[]): CheckResult => ({ id: 'c', title: 'C', findings })

test.group('Doctor report', () => {
  test('exits 0 when clean, 1 on a problem, 2 on warnings only under --strict', ({ assert }) => {
    const clean = doctorReport([check()])
    const warned = doctorReport([check(finding('warning'))])
    const failed = doctorReport([check(finding('warning')), check(finding('error'))])
    assert.deepEqual([doctorExitCode(clean, true), doctorExitCode(warned, false)], [0, 0])
    assert.equal(doctorExitCode(warned, true), 2)
    assert.deepEqual([doctorExitCode(failed, false), doctorExitCode(failed, true)], [1, 1])
    assert.deepInclude(failed, { ok: false, problems: 1, warnings: 1 })
  })

  test('marks a check ✓, ! or ✗', ({ assert }) => {
    assert.deepEqual(
      [check(), check(finding('warning')), check(finding('warning'), finding('error'))].map(
        checkMark
      ),
      ['✓', '!', '✗']
    )
  })
})

test.group('Doctor kit range', () => {
  test('reads exact, caret, tilde and packed-tarball ranges as npm does', ({ assert }) => {
    assert.isTrue(satisfiesKitRange('0.2.3', '^0.2.0'))
    assert.isFalse(satisfiesKitRange('0.3.0', '^0.2.0'))
    assert.isTrue(satisfiesKitRange('1.4.0', '^1.2.0'))
    assert.isFalse(satisfiesKitRange('2.0.0', '^1.2.0'))
    assert.isFalse(satisfiesKitRange('1.1.9', '^1.2.0'))
    assert.isTrue(satisfiesKitRange('1.2.9', '~1.2.0'))
    assert.isFalse(satisfiesKitRange('1.3.0', '~1.2.0'))
    assert.isTrue(satisfiesKitRange('0.2.0', '0.2.0'))
    assert.isTrue(satisfiesKitRange('0.2.0', 'file:vendor/pantheon-kit-0.2.0.tgz'))
    assert.isFalse(satisfiesKitRange('0.2.1', 'file:vendor/pantheon-kit-0.2.0.tgz'))
  })

  test('does not judge a range of another form', ({ assert }) => {
    assert.isUndefined(satisfiesKitRange('0.2.0', '>=0.1 <0.3'))
    assert.isUndefined(satisfiesKitRange('0.2.0', 'latest'))
  })
})

test.group('Doctor route collisions', () => {
  test('the same method and path is an error; parameters named apart, a warning', ({ assert }) => {
    const route = (file: string, method: string, path: string) => ({ file, method, path })
    const found = routeCollisions([
      route('a.ts', 'get', '/:id'),
      route('b.ts', 'get', '/:slug'),
      route('c.ts', 'post', '/'),
      route('d.ts', 'POST', '/'),
      route('e.ts', 'get', '/:id/items'),
      route('f.ts', 'delete', '/:id'),
    ])
    assert.deepEqual(
      found.map(({ severity, routes }) => [severity, routes[0].file, routes[1].file]),
      [
        ['warning', 'a.ts', 'b.ts'],
        ['error', 'c.ts', 'd.ts'],
      ]
    )
  })
})

test.group('Doctor broker namespace', () => {
  test('is read from the names the transport uses', ({ assert }) => {
    const config = {
      transport: 'redis',
      redis: { streamPrefix: 'shop:events:' },
      rabbitmq: { exchange: 'billing.events' },
    } as unknown as MessagingConfig
    assert.equal(brokerNamespace(config), 'shop')
    assert.equal(brokerNamespace({ ...config, transport: 'rabbitmq' }), 'billing')
    assert.isUndefined(brokerNamespace({ ...config, transport: 'memory' }))
  })
})
