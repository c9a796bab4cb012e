import { parseApiVersion, type ApiVersionText } from './api_version.js'

export interface VersionDeprecation {
  /** When the version was (or will be) deprecated: sent as `Deprecation: @<unix-seconds>`. */
  since: Date
  /** When the version stops being served: sent as `Sunset`, and answered 410 afterwards. */
  sunset?: Date
  /** A page explaining the deprecation: `Link: <url>; rel="deprecation"`. */
  deprecationLink?: string
  /** A page about the removal: `Link: <url>; rel="sunset"`. */
  sunsetLink?: string
}

export interface ApiVersionsDefinition {
  /** Every version the module serves, e.g. ['1.0', '2.0']. */
  versions: string[]
  /** The version used when a request names none. */
  defaultVersion: string
  deprecated?: Record<string, VersionDeprecation>
}

export interface ServedVersion {
  readonly version: ApiVersionText
  /** Precomputed response headers for a deprecated version (empty otherwise). */
  readonly deprecationHeaders: ReadonlyArray<readonly [string, string]>
  readonly sunset?: Date
}

/**
 * A module's API versions: which exist, which one is the default, which are deprecated and when
 * they sunset. Everything a request needs (lookup table, header values) is computed here when
 * the module declares its versions, never per request.
 */
export class ApiVersionPolicy {
  readonly defaultVersion: ApiVersionText
  #served = new Map<ApiVersionText, ServedVersion>()
  #supportedHeader = ''
  #deprecatedHeader = ''
  #listed: ApiVersionText[] = []

  constructor(
    definition: ApiVersionsDefinition,
    /** The clock sunsets are compared with; tests pass a fake one. */
    public now: () => Date = () => new Date()
  ) {
    const versions = definition.versions.map((text) => requireVersion(text))
    if (versions.length === 0) throw new Error('A versioned module declares at least one version')
    this.defaultVersion = requireVersion(definition.defaultVersion)
    if (!versions.includes(this.defaultVersion)) {
      throw new Error(
        `The default API version ${this.defaultVersion} is not one of ${versions.join(', ')}`
      )
    }
    for (const version of versions) this.#served.set(version, { version, deprecationHeaders: [] })
    for (const [text, deprecation] of Object.entries(definition.deprecated ?? {})) {
      this.deprecate(text, deprecation)
    }
    this.#refreshHeaders()
  }

  /** Marks a version deprecated (from the registration class, or a test). */
  deprecate(text: string, deprecation: VersionDeprecation): void {
    const version = requireVersion(text)
    if (!this.#served.has(version))
      throw new Error(`Cannot deprecate ${version}: it is not declared`)
    this.#served.set(version, {
      version,
      deprecationHeaders: deprecationHeaders(deprecation),
      sunset: deprecation.sunset,
    })
    this.#refreshHeaders()
  }

  /** Takes a deprecation back. */
  undeprecate(text: string): void {
    const version = requireVersion(text)
    if (this.#served.has(version)) this.#served.set(version, { version, deprecationHeaders: [] })
    this.#refreshHeaders()
  }

  find(version: ApiVersionText): ServedVersion | undefined {
    return this.#served.get(version)
  }

  /** Every declared version, deprecated ones included, for error bodies. */
  get versions(): readonly ApiVersionText[] {
    return this.#listed
  }

  /** `api-supported-versions`: the versions that are not deprecated. */
  get supportedHeader(): string {
    return this.#supportedHeader
  }

  /** `api-deprecated-versions`: empty when none. */
  get deprecatedHeader(): string {
    return this.#deprecatedHeader
  }

  isSunset(served: ServedVersion): boolean {
    return served.sunset !== undefined && this.now().getTime() >= served.sunset.getTime()
  }

  #refreshHeaders() {
    const all = [...this.#served.values()].sort((a, b) => compareVersions(a.version, b.version))
    this.#listed = all.map((served) => served.version)
    this.#supportedHeader = all
      .filter((served) => served.deprecationHeaders.length === 0)
      .map((served) => served.version)
      .join(', ')
    this.#deprecatedHeader = all
      .filter((served) => served.deprecationHeaders.length > 0)
      .map((served) => served.version)
      .join(', ')
  }
}

export function defineApiVersions(definition: ApiVersionsDefinition): ApiVersionPolicy {
  return new ApiVersionPolicy(definition)
}

function requireVersion(text: string): ApiVersionText {
  const version = parseApiVersion(text)
  if (!version) throw new Error(`"${text}" is not an API version (write it as 1.0, 2.0, …)`)
  return version
}

function compareVersions(a: ApiVersionText, b: ApiVersionText): number {
  const [aMajor, aMinor] = a.split('.').map(Number)
  const [bMajor, bMinor] = b.split('.').map(Number)
  return aMajor - bMajor || aMinor - bMinor
}

function deprecationHeaders(deprecation: VersionDeprecation): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['Deprecation', `@${Math.floor(deprecation.since.getTime() / 1000)}`],
  ]
  if (deprecation.sunset) headers.push(['Sunset', deprecation.sunset.toUTCString()])
  const links = []
  if (deprecation.deprecationLink) links.push(`<${deprecation.deprecationLink}>; rel="deprecation"`)
  if (deprecation.sunsetLink) links.push(`<${deprecation.sunsetLink}>; rel="sunset"`)
  if (links.length > 0) headers.push(['Link', links.join(', ')])
  return headers
}
