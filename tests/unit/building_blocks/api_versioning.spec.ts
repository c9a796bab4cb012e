import { test } from '@japa/runner'
import fc from 'fast-check'
import {
  ApiVersionPolicy,
  parseApiVersion,
  parseApiVersionParameter,
  versionHeaderPattern,
  versionSegment,
  versionSpellingPattern,
} from '@pantheon/kit/http'

test.group('API version parsing', () => {
  test('reads {raw} as {expected}')
    .with([
      { raw: '1', expected: '1.0' },
      { raw: '1.0', expected: '1.0' },
      { raw: 'v2', expected: '2.0' },
      { raw: 'V2.1', expected: '2.1' },
      { raw: ' 02.0 ', expected: '2.0' },
    ])
    .run(({ assert }, { raw, expected }) => {
      assert.equal(parseApiVersion(raw), expected)
    })

  test('refuses {$self}')
    .with(['abc', '', '1.', '1.0.0', 'v', '-1', '1e3', 'v1.x'])
    .run(({ assert }, raw) => {
      assert.isUndefined(parseApiVersion(raw))
    })

  test('outside the URL reads {raw} as {expected}')
    .with([
      { raw: '2', expected: '2.0' },
      { raw: ' 2.1 ', expected: '2.1' },
    ])
    .run(({ assert }, { raw, expected }) => {
      assert.equal(parseApiVersionParameter(raw), expected)
    })

  test('outside the URL refuses the v prefix and everything else that is not major.minor', ({
    assert,
  }) => {
    for (const raw of ['v2', 'V2.0', 'abc', '', '1.0.0', '2.0-beta']) {
      assert.isUndefined(parseApiVersionParameter(raw), raw)
    }
  })

  test('writes the URL segment without a zero minor', ({ assert }) => {
    assert.equal(versionSegment('2.0'), 'v2')
    assert.equal(versionSegment('2.1'), 'v2.1')
  })
})

test.group('API version policy', () => {
  test('lists supported versions in order and no deprecated ones', ({ assert }) => {
    const policy = new ApiVersionPolicy({ versions: ['2.0', '1'], defaultVersion: '1.0' })
    assert.equal(policy.supportedHeader, '1.0, 2.0')
    assert.equal(policy.deprecatedHeader, '')
    assert.equal(policy.defaultVersion, '1.0')
  })

  test('moves a deprecated version to the deprecated list with its headers', ({ assert }) => {
    const policy = new ApiVersionPolicy({
      versions: ['1.0', '2.0'],
      defaultVersion: '2.0',
      deprecated: {
        '1.0': {
          since: new Date('2026-01-01T00:00:00Z'),
          sunset: new Date('2027-01-01T00:00:00Z'),
          deprecationLink: 'https://example.com/deprecation',
          sunsetLink: 'https://example.com/sunset',
        },
      },
    })
    assert.equal(policy.supportedHeader, '2.0')
    assert.equal(policy.deprecatedHeader, '1.0')
    assert.deepEqual(policy.find('1.0')!.deprecationHeaders, [
      ['Deprecation', '@1767225600'],
      ['Sunset', 'Fri, 01 Jan 2027 00:00:00 GMT'],
      [
        'Link',
        '<https://example.com/deprecation>; rel="deprecation", <https://example.com/sunset>; rel="sunset"',
      ],
    ])
  })

  test('is sunset from the sunset date on, by its clock', ({ assert }) => {
    const policy = new ApiVersionPolicy({ versions: ['1.0'], defaultVersion: '1.0' })
    policy.deprecate('1.0', { since: new Date('2026-01-01Z'), sunset: new Date('2027-01-01Z') })
    const served = policy.find('1.0')!

    policy.now = () => new Date('2026-12-31T23:59:59Z')
    assert.isFalse(policy.isSunset(served))
    policy.now = () => new Date('2027-01-01T00:00:00Z')
    assert.isTrue(policy.isSunset(served))
  })

  test('a version past its sunset is listed neither as supported nor as deprecated', ({
    assert,
  }) => {
    const policy = new ApiVersionPolicy({ versions: ['1.0', '2.0', '3.0'], defaultVersion: '3.0' })
    policy.now = () => new Date('2026-06-01Z')
    policy.deprecate('1.0', { since: new Date('2026-01-01Z'), sunset: new Date('2027-01-01Z') })
    policy.deprecate('2.0', { since: new Date('2026-01-01Z'), sunset: new Date('2028-01-01Z') })
    assert.deepEqual(policy.versions, ['1.0', '2.0', '3.0'])
    assert.equal(policy.deprecatedHeader, '1.0, 2.0')

    policy.now = () => new Date('2027-01-01Z')
    assert.deepEqual(policy.versions, ['2.0', '3.0'])
    assert.equal(policy.deprecatedHeader, '2.0')
    assert.equal(policy.supportedHeader, '3.0')

    policy.now = () => new Date('2028-06-01Z')
    assert.deepEqual(policy.versions, ['3.0'])
    assert.equal(policy.deprecatedHeader, '')
    assert.deepEqual(policy.declaredVersions, ['1.0', '2.0', '3.0'])

    policy.now = () => new Date('2026-06-01Z')
    assert.deepEqual(policy.versions, ['1.0', '2.0', '3.0'])
  })

  test('without a default version, a version must be named', ({ assert }) => {
    const policy = new ApiVersionPolicy({ versions: ['1.0', '2.0'] })
    assert.isUndefined(policy.defaultVersion)
    policy.setDefaultVersion('2')
    assert.equal(policy.defaultVersion, '2.0')
  })

  test('refuses a default version it does not declare, or a malformed one', ({ assert }) => {
    assert.throws(
      () => new ApiVersionPolicy({ versions: ['1.0'], defaultVersion: '2.0' }),
      'The default API version 2.0 is not one of 1.0'
    )
    assert.throws(
      () => new ApiVersionPolicy({ versions: ['one'], defaultVersion: 'one' }),
      '"one" is not an API version (write it as 1.0, 2.0, …)'
    )
  })
})

test.group('API version spellings in documents', () => {
  test('the pattern of {version} matches exactly what parseApiVersionParameter reads as it')
    .with(['1.0', '2.0', '2.1', '10.25'] as const)
    .run(async ({ assert }, version) => {
      const pattern = new RegExp(versionSpellingPattern(version), 'u')
      const spellings = fc.oneof(
        fc.stringMatching(/^\s?[vV]?\d{1,5}(\.\d{1,5})?\s?$/),
        fc.string({ maxLength: 8 })
      )
      fc.assert(
        fc.property(spellings, (text) => {
          assert.equal(
            pattern.test(text),
            parseApiVersionParameter(text) === version,
            JSON.stringify(text)
          )
        }),
        { numRuns: 3000 }
      )
      assert.isTrue(pattern.test(version))
      // The v belongs to the URL segment: `?api-version=v2` is refused.
      assert.isFalse(pattern.test(versionSegment(version)))
    })

  test('the header pattern of {$self} matches a repeated header exactly when each value is it')
    .with(['1.0', '2.0', '2.1'] as const)
    .run(async ({ assert }, version) => {
      const pattern = new RegExp(versionHeaderPattern(version), 'u')
      const spelling = fc.oneof(
        fc.constantFrom(version, version.replace(/\.0$/, ''), ` 0${version} `, '1.0', '2.0', 'v2'),
        fc.stringMatching(/^\s?\d{1,2}(\.\d{1,2})?\s?$/)
      )
      // Node joins the lines of a repeated header with ", ".
      const header = fc
        .array(spelling, { minLength: 1, maxLength: 4 })
        .map((values) => values.join(', '))
      fc.assert(
        fc.property(header, (text) => {
          const each = text.split(',').map((value) => parseApiVersionParameter(value))
          assert.equal(
            pattern.test(text),
            each.every((read) => read === version),
            JSON.stringify(text)
          )
        }),
        { numRuns: 2000 }
      )
      assert.isTrue(pattern.test(`${version}, ${version}`))
    })
})
