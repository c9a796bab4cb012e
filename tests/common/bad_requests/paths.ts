import fc from 'fast-check'
import { SOME_ID, versions } from './values.js'

/** Every endpoint's path, with near misses: bad ids, malformed or unknown versions. */
export const paths = fc.constantFrom(
  '/api/catalog',
  '/api/catalog/',
  `/api/catalog/${SOME_ID}`,
  '/api/catalog/sample',
  '/api/catalog/not-a-uuid',
  '/api/v1/catalog',
  '/api/v2/catalog/',
  `/api/v2/catalog/${SOME_ID}`,
  `/api/v3/catalog/${SOME_ID}`,
  '/api/v1.0/catalog/sample',
  '/api/vx/catalog/sample',
  '/api/orders/sample',
  '/api/v2/orders/sample',
  '/openapi/catalog-v1.json',
  '/api/nowhere',
  "/api/catalog/' OR 1=1 --",
  '/api/catalog/%00',
  '/api/catalog/..%2F..%2Fetc%2Fpasswd'
)

/** Ids as a client might send them: any UUID, the nil and max UUIDs, other spellings, not ids. */
const ids = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    SOME_ID.toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    `{${SOME_ID}}`,
    `urn:uuid:${SOME_ID}`,
    SOME_ID.replaceAll('-', ''),
    `${SOME_ID}0`,
    SOME_ID.slice(0, 35),
    `%20${SOME_ID}`,
    `${SOME_ID}%0A`,
    '..',
    '.',
    'sample',
    'null',
    '-1',
    '1e400',
    'x'.repeat(5000)
  ),
  fc.string({ maxLength: 40 }).map(encodeURIComponent)
)

/** Where ids go: Catalog's products in every version, and Orders' view of them. */
const idPaths = fc
  .tuple(
    fc.constantFrom(
      '/api/catalog/',
      '/api/v1/catalog/',
      '/api/v2/catalog/',
      '/api/orders/products/',
      '/api/v1/orders/products/'
    ),
    ids
  )
  .map(([prefix, id]) => `${prefix}${id}`)

/**
 * Request targets a router or URL parser may trip on: encoded slashes and NUL, broken
 * percent-encoding, dot segments, unknown versions, repeated or bracketed query parameters
 * (which the query-string parser turns into arrays and objects), very long paths and queries.
 * Some are not valid in a request line at all (spaces, characters past U+00FF): an HTTP client
 * refuses those, so they go out over a raw socket.
 */
export const oddTargets = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '/api%2Fcatalog%2Fsample',
      '/api/catalog%2Fsample',
      `/api/catalog/${SOME_ID}%2F..`,
      `/api/v2/catalog/${SOME_ID}%00`,
      '/api/catalog/sample%00',
      '/%00',
      '/health/live%00.json',
      '/api/catalog/%ZZ',
      '/api/catalog/%',
      '/api/v2/catalog/%E0%A4%A',
      '/api/catalog/%C0%AF',
      '/api/catalog/%FF%FE',
      '//api//catalog//sample',
      '/api/./catalog/./sample',
      '/api/catalog/../orders/sample',
      '/api/v2/../v1/catalog',
      '/api/v0/catalog',
      '/api/v99/catalog/sample',
      '/api/v1.5/catalog',
      '/api/v2.0/catalog',
      '/api/V2/catalog/sample',
      '/api/v-1/catalog',
      '/api/v99999999999999999999/catalog/sample',
      '/api/v2/v2/catalog',
      '/api/v2/catalog?api-version=1.0',
      `/api/catalog/${SOME_ID}?api-version=1.0&api-version=2.0`,
      `/api/catalog/${SOME_ID}?api-version[]=2.0`,
      `/api/catalog/${SOME_ID}?api-version[a]=1`,
      `/api/v2/catalog/${SOME_ID}?api-version[toString]=1`,
      `/api/catalog/${SOME_ID}?api-version=%ZZ`,
      `/api/catalog/${SOME_ID}?api-version=%00`,
      '/api/catalog/sample?__proto__[x]=1',
      '/api/catalog?constructor[prototype][x]=1',
      `/api/catalog/${SOME_ID}?a[b][c][d][e][f][g][h][i][j][k]=1`,
      `/api/catalog/${SOME_ID}?${'a[]=1&'.repeat(2000)}`,
      `/api/catalog/${SOME_ID}?${'api-version=1.0&'.repeat(500)}`,
      '/api/catalog/sample#fragment',
      '/health/live?',
      '*',
      'http://127.0.0.1/api/catalog/sample',
      'http://evil.example/api/catalog/sample',
      'api/catalog/sample',
      '/api/catalog/sample with spaces',
      '/api/catalog/é',
      '/api/catalog/😀',
      '/api/catalog/\u0000'
    ),
  },
  { weight: 4, arbitrary: idPaths },
  {
    weight: 2,
    arbitrary: versions.map((version) => `/api/${encodeURIComponent(version)}/catalog/${SOME_ID}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .integer({ min: 100, max: 20_000 })
      .map((length) => `/api/catalog/${'a'.repeat(length)}`),
  },
  {
    weight: 2,
    arbitrary: fc.webPath().map((path) => `/api/catalog${path.startsWith('/') ? '' : '/'}${path}`),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }).map((text) => `/api/catalog/${text}`) }
)
