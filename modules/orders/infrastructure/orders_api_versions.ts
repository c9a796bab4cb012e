import { defineApiVersions } from '#building_blocks/infrastructure/http/versioning/api_version_policy'

/** Orders is on 1.0 only: its versions move independently of Catalog's. */
export const ordersApiVersions = defineApiVersions({ versions: ['1.0'], defaultVersion: '1.0' })
