import {
  versionHeaderPattern,
  versionSpellingPattern,
  type ApiVersionText,
} from '../versioning/api_version.js'

/**
 * The two ways to name the version besides the URL segment, the `api-version` query parameter
 * and the `X-Api-Version` header, as `components.parameters` of every negotiated operation (the
 * service reads them on the versioned paths too, where they may only repeat the URL's version).
 * Each accepts only the spellings of this document's version (2.0: "2", "2.0", "02.00"; not
 * "v2", which is the URL segment's, nor an empty value, which the service refuses), so a request
 * valid against one version's document is served by that version.
 *
 * Both are optional. Only the default version's document lists the unversioned paths
 * (openapi_document.ts), where a request naming neither is served by that version, so only its
 * parameters have a `default`; the other documents use them on the versioned paths only.
 */
export function versionParameters(
  version: ApiVersionText,
  defaultVersion: ApiVersionText | undefined
) {
  const isDefault = version === defaultVersion
  const schema = {
    type: 'string',
    pattern: versionSpellingPattern(version),
    ...(isDefault ? { default: version } : {}),
    example: version,
  }
  const [major, minor] = version.split('.')
  const named = `API version ${version}${minor === '0' ? ` (also written ${major})` : ''}, without the v of the URL segment (v${major} answers 400 InvalidApiVersion); an empty value answers 400 InvalidApiVersion too, it does not mean "no version"`
  const where = isDefault
    ? `Optional: a request naming no version is served by ${version}, the default. On a path with the version segment it may repeat that version; another one is refused (400 AmbiguousApiVersion).`
    : `It may repeat the version of the URL segment; another one is refused (400 AmbiguousApiVersion).`
  return {
    ApiVersionQuery: {
      name: 'api-version',
      in: 'query',
      required: false,
      description: `${named}. ${where}`,
      schema,
    },
    ApiVersionHeader: {
      name: 'X-Api-Version',
      in: 'header',
      required: false,
      description: `${named}. As a header it is the same version as api-version when both are sent; sent more than once, each value names this version. ${where}`,
      schema: { ...schema, pattern: versionHeaderPattern(version) },
    },
  }
}
