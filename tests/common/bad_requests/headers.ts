import fc from 'fast-check'
import { versions } from './values.js'

export type HeaderLines = Array<[string, string]>

/** Content types a client might send a body with; `undefined` is none. */
export const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined
)

/** Content types that are malformed, contradictory or name a charset nobody reads. */
export const oddContentTypes = fc.oneof(
  contentTypes,
  fc.constantFrom(
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'application/json; charset=nope',
    'application/json; charset="utf-8"',
    'application/json;;;',
    'application/json; charset',
    'application/json; =',
    'application/json; a=b; a=c',
    'application/json ; charset = utf-8',
    'application/json, text/plain',
    'APPLICATION/JSON',
    'application/problem+json',
    'application/merge-patch+json',
    'application/+json',
    'text/json',
    'application/',
    '/json',
    ';',
    '*/*',
    '',
    `application/json; boundary=${'x'.repeat(5000)}`
  ),
  fc.string({ maxLength: 30 })
)

/** Zero to three X-Api-Version lines: missing, repeated, contradictory, malformed. */
export const versionHeaderLines: fc.Arbitrary<HeaderLines> = fc.array(
  fc
    .oneof(versions, fc.constantFrom('1.0, 2.0', '1.0,1.0', ',', ' 2.0 ', '2.0;q=1'))
    .map((version): [string, string] => ['x-api-version', version]),
  { maxLength: 3 }
)

/** Accept headers, with `v=` parameters that name, repeat or contradict a version. */
export const acceptHeaders = fc.oneof(
  fc.constantFrom(
    'application/json;v=2.0',
    'application/json; v=1.0, application/json;v=2.0',
    'application/json;v=2.0;v=1.0',
    'application/json;v="2.0"',
    'application/json;v=',
    'application/json;v',
    '*/*;v=abc',
    ';v=1.0',
    'a;v=1',
    'application/json;v=2.0,;;',
    'text/*;v=2.0;q=x',
    'application/json;V=2.0',
    'application/json; v = 2.0',
    `application/json;v=${'9'.repeat(400)}`,
    'application/problem+json',
    'text/html',
    '*/*',
    '',
    ',,,,',
    `${'application/json;v=1.0,'.repeat(300)}*/*`
  ),
  fc
    .tuple(fc.constantFrom('application/json', '*/*', 'text/html', 'application/*', ''), versions)
    .map(([type, version]) => `${type};v=${version}`),
  fc.string({ maxLength: 30 })
)
