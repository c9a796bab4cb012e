import { test } from '@japa/runner'
import {
  type ExpectedVersion,
  isExpectedVersion,
  storedForChange,
  versionMismatch,
} from '@pantheon/kit/application'

interface Stored {
  readonly id: string
  readonly version: number
}

/** A store of one aggregate, at version 3, that counts its reads. */
function storeOfOne() {
  const reads: string[] = []
  return {
    reads,
    async find(id: string): Promise<Stored | null> {
      reads.push(id)
      return id === 'a' ? { id: 'a', version: 3 } : null
    },
  }
}

test.group('Expected versions', () => {
  test('{expected} against a stored 3 is met: {met}')
    .with<{ expected: ExpectedVersion | undefined; met: boolean }[]>([
      { expected: undefined, met: true },
      { expected: 'any', met: true },
      { expected: [3], met: true },
      { expected: [1, 3], met: true },
      { expected: [2], met: false },
      { expected: [], met: false },
    ])
    .run(({ assert }, { expected, met }) => {
      assert.equal(isExpectedVersion(expected, 3), met)
      assert.equal(versionMismatch('Product', 'a', expected, 3) === undefined, met)
    })

  test('a stale version is a 412 VersionMismatch that names both versions', ({ assert }) => {
    const error = versionMismatch('Product', 'a', [2], 3)!
    assert.equal(error.kind, 'preconditionFailed')
    assert.equal(error.code, 'Product.VersionMismatch')
    assert.include(error.message, 'version 3')
  })
})

test.group('storedForChange', () => {
  test('answers the stored aggregate when the change expects its version, or none', async ({
    assert,
  }) => {
    const store = storeOfOne()
    for (const expectedVersion of [undefined, 'any' as const, [3]]) {
      const found = await storedForChange('Product', { id: 'a', expectedVersion }, store.find)
      assert.deepEqual(found, { ok: true, value: { id: 'a', version: 3 } })
    }
    assert.deepEqual(store.reads, ['a', 'a', 'a'])
  })

  test('answers 404 NotFound for an id nothing is stored under, whatever it expects', async ({
    assert,
  }) => {
    const found = await storedForChange(
      'Product',
      { id: 'b', expectedVersion: [3] },
      storeOfOne().find
    )
    assert.isFalse(found.ok)
    if (found.ok) return
    assert.deepEqual(
      [found.error.kind, found.error.code, found.error.message],
      ['notFound', 'Product.NotFound', 'Product b was not found']
    )
  })

  test('answers 412 VersionMismatch when the stored version is not one it expects', async ({
    assert,
  }) => {
    const found = await storedForChange(
      'Product',
      { id: 'a', expectedVersion: [1, 2] },
      storeOfOne().find
    )
    assert.isFalse(found.ok)
    if (found.ok) return
    assert.deepEqual(
      [found.error.kind, found.error.code],
      ['preconditionFailed', 'Product.VersionMismatch']
    )
  })
})
