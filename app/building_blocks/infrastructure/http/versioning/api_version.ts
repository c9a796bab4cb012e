/** `1`, `1.0`, `v1`, `v1.0` (any case of the v): a major and an optional minor version. */
const VERSION_PATTERN = /^v?(\d{1,4})(?:\.(\d{1,4}))?$/i

/** The canonical text of a version: always major.minor ("2" and "v2.0" are both "2.0"). */
export type ApiVersionText = `${number}.${number}`

/**
 * Reads a version as a client sends it, or `undefined` when it is not a version at all.
 * The result is the canonical text, so versions compare as plain strings.
 */
export function parseApiVersion(raw: string): ApiVersionText | undefined {
  const match = VERSION_PATTERN.exec(raw.trim())
  if (!match) return undefined
  return `${Number(match[1])}.${Number(match[2] ?? 0)}`
}

/** `1` or `1.0`: how the query, the header and the media type name a version (no `v`). */
const PARAMETER_PATTERN = /^\d{1,4}(?:\.\d{1,4})?$/

/**
 * Reads a version named outside the URL (`?api-version=`, `X-Api-Version`, `Accept: …;v=`).
 * The `v` prefix belongs to the URL segment only, so `v2` is not a version here.
 */
export function parseApiVersionParameter(raw: string): ApiVersionText | undefined {
  const text = raw.trim()
  return PARAMETER_PATTERN.test(text) ? parseApiVersion(text) : undefined
}

/** The URL segment of a version: "v2" for 2.0, "v2.1" for 2.1. */
export function versionSegment(version: ApiVersionText): string {
  const [major, minor] = version.split('.')
  return minor === '0' ? `v${major}` : `v${major}.${minor}`
}

/** Matches the `:version` route segment: v<major>[.<minor>]. */
export const VERSION_SEGMENT_MATCHER = { match: /^v\d{1,4}(\.\d{1,4})?$/ }

/** The api/ subfolder of a version's endpoints: "v2" for 2.0, "v2_1" for 2.1. */
export function versionFolder(version: ApiVersionText): string {
  const [major, minor] = version.split('.')
  return minor === '0' ? `v${major}` : `v${major}_${minor}`
}

/** One spelling of `version` as the query parameter or the header read it (see below). */
function versionSpelling(version: ApiVersionText): string {
  const [major, minor] = version.split('.')
  const padded = (digits: string) => `0{0,${4 - digits.length}}${digits}`
  const fraction = minor === '0' ? '(?:\\.0{1,4})?' : `\\.${padded(minor)}`
  return `\\s*${padded(major)}${fraction}\\s*`
}

/**
 * A regular expression (for an API document) matching every way a client may write `version`
 * in the query parameter or the header, that parseApiVersionParameter reads as it: "2", "2.0",
 * "02.00", with surrounding spaces; never with the `v` of the URL segment.
 */
export function versionSpellingPattern(version: ApiVersionText): string {
  return `^${versionSpelling(version)}$`
}

/**
 * The same for the X-Api-Version header, which may be sent more than once: Node joins the
 * lines with commas ("2.0, 2"), and the service reads each value. Repeating one version is
 * that version; two different ones are refused (AmbiguousApiVersion), so a document lists
 * its own version only.
 */
export function versionHeaderPattern(version: ApiVersionText): string {
  const one = versionSpelling(version)
  return `^${one}(?:,${one})*$`
}
