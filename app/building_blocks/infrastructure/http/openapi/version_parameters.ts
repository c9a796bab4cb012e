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
 * "v2", which is the URL segment's), so a request valid against one version's document is
 * served by that version.
 *
 * A client may use either, and OpenAPI cannot say "one of these two" (nor describe the third
 * reader, Accept's `v`, since it ignores Accept parameters). When the module has a default
 * version both are optional: a request naming neither is served by the default, so only that
 * version's document gives them a `default`, and the others say in words that one is needed.
 * When it has none, a request naming no version is refused, so the unversioned paths take
 * `ApiVersionQueryRequired` instead: the document asks for api-version, the one every client
 * can send, and says in words that the header or Accept may name it instead.
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
  const named = `API version ${version}${minor === '0' ? ` (also written ${major})` : ''}, without the v of the URL segment (v${major} answers 400 InvalidApiVersion)`
  const accept = `Accept: application/json;v=${version}`
  const without =
    defaultVersion === undefined
      ? `This module has no default version: on an unversioned path a request naming none answers 400 ApiVersionUnspecified.`
      : isDefault
        ? `Optional: a request naming no version is served by ${version}, the default.`
        : `On an unversioned path name the version with this, the other version parameter or ${accept}: a request naming none is served by ${defaultVersion}, the default, as its own document describes.`
  const versioned = `On a path with the version segment it may repeat that version; another one is refused (400 AmbiguousApiVersion).`
  const query = {
    name: 'api-version',
    in: 'query',
    required: false,
    description: `${named}. ${without} ${versioned}`,
    schema,
  }
  const parameters: Record<string, object> = {
    ApiVersionQuery: query,
    ApiVersionHeader: {
      name: 'X-Api-Version',
      in: 'header',
      required: false,
      description: `${named}, as a header (the same version as api-version when both are sent; sent more than once, each value names this version). ${without} ${versioned}`,
      schema: { ...schema, pattern: versionHeaderPattern(version) },
    },
  }
  if (defaultVersion === undefined) {
    parameters.ApiVersionQueryRequired = {
      ...query,
      required: true,
      description: `${named}. ${without} The X-Api-Version header or ${accept} may name it instead; OpenAPI cannot say "one of these", so this document asks for api-version.`,
    }
  }
  return parameters
}
