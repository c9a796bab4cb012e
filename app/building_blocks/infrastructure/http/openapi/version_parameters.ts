import { versionSpellingPattern, type ApiVersionText } from '../versioning/api_version.js'

/**
 * The two ways to name the version besides the URL segment, the `api-version` query parameter
 * and the `X-Api-Version` header, as `components.parameters` of every operation (the service
 * reads them on the versioned paths too, where they may only repeat the URL's version).
 * Each accepts only the spellings of this document's version (2.0: "2", "v2", "2.0"), so a
 * request valid against one version's document is served by that version.
 *
 * Both are optional, since a client may use either; OpenAPI cannot say "one of these two". A
 * request naming neither is served by the default version, so only that version's document
 * gives them a `default`; the others say in words that one of them is needed.
 */
export function versionParameters(version: ApiVersionText, defaultVersion: ApiVersionText) {
  const isDefault = version === defaultVersion
  const schema = {
    type: 'string',
    pattern: versionSpellingPattern(version),
    ...(isDefault ? { default: version } : {}),
    example: version,
  }
  const named = `API version ${version} (also written ${spellings(version)})`
  const without = isDefault
    ? `Optional: a request naming no version is served by ${version}, the default.`
    : `On an unversioned path send this or the other version parameter: a request naming no version is served by ${defaultVersion}, the default, as its own document describes.`
  const versioned = `On a path with the version segment it may repeat that version; another one is refused (400 AmbiguousApiVersion).`
  return {
    ApiVersionQuery: {
      name: 'api-version',
      in: 'query',
      required: false,
      description: `${named}. ${without} ${versioned}`,
      schema,
    },
    ApiVersionHeader: {
      name: 'X-Api-Version',
      in: 'header',
      required: false,
      description: `${named}, as a header (the same version as api-version when both are sent). ${without} ${versioned}`,
      schema,
    },
  }
}

function spellings(version: ApiVersionText): string {
  const [major, minor] = version.split('.')
  return minor === '0' ? `${major}, v${major} or v${version}` : `v${version}`
}
