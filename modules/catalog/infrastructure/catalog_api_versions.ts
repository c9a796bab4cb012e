import { defineApiVersions } from '@pantheon/kit/http'

/** The Catalog module's API versions; see docs/api-versioning.md to add or deprecate one. */
export const catalogApiVersions = defineApiVersions({
  versions: ['1.0', '2.0'],
  defaultVersion: '1.0',
})
