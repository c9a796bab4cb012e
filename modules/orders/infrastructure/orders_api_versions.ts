import { defineApiVersions } from '#building_blocks/infrastructure/http/versioning/api_version_policy'

/** The Orders module's API versions; see docs/api-versioning.md to add or deprecate one. */
export const ordersApiVersions = defineApiVersions({ versions: ['1.0'], defaultVersion: '1.0' })
