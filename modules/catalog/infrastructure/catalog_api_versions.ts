import { defineApiVersions } from '@pantheon/kit/http'

/**
 * Catalog's API versions. 2.0 added category, createdAt, links and DELETE; 1.0 stays the
 * default for clients that name no version. To deprecate a version, add for example
 * `deprecated: { '1.0': { since: new Date('2027-01-01'), sunset: new Date('2027-07-01') } }`.
 */
export const catalogApiVersions = defineApiVersions({
  versions: ['1.0', '2.0'],
  defaultVersion: '1.0',
})
