import { defineApiVersions } from '@pantheon/kit/http'

/** The Version probe module's API versions; see docs/api-versioning.md to add or deprecate one. */
export const versionProbeApiVersions = defineApiVersions({ versions: ['1.0'], defaultVersion: '1.0' })
