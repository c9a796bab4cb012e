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
  /**
   * The version used when a request names none. Leave it out to require every request to name
   * one: those that do not answer 400 ApiVersionUnspecified.
   */
  defaultVersion?: string
  deprecated?: Record<string, VersionDeprecation>
}

export interface ServedVersion {
  readonly version: ApiVersionText
  /** Precomputed response headers for a deprecated version (empty otherwise). */
  readonly deprecationHeaders: ReadonlyArray<readonly [string, string]>
  readonly sunset?: Date
}

/** What responses say about a module's versions at one point in time. */
export interface VersionListing {
  /** `api-supported-versions`: the versions served and not deprecated. */
  readonly supportedHeader: string
  /** `api-deprecated-versions`: the deprecated versions still served; empty when none. */
  readonly deprecatedHeader: string
  /** Every version still served, deprecated ones included, for problem bodies. */
  readonly versions: readonly ApiVersionText[]
}

/**
 * A module's API versions: which exist, which one is the default, which are deprecated and when
 * they sunset. Everything a request needs (lookup table, header values) is computed here when
 * the module declares its versions, never per request; only a sunset passing while the app runs
 * computes the listing again, once.
 */
export class ApiVersionPolicy {
  #defaultVersion?: ApiVersionText
  #served = new Map<ApiVersionText, ServedVersion>()
  #declared: ApiVersionText[] = []
  #listing: VersionListing = { supportedHeader: '', deprecatedHeader: '', versions: [] }
  /** Whether some version has a sunset, so that the listing depends on the clock. */
  #hasSunsets = false
  /** The span of time the listing holds for: between two sunsets. */
  #listedFrom = Number.NEGATIVE_INFINITY
  #listedUntil = Number.POSITIVE_INFINITY

  constructor(
    definition: ApiVersionsDefinition,
    /** The clock sunsets are compared with; tests pass a fake one. */
    public now: () => Date = () => new Date()
  ) {
    const versions = definition.versions.map((text) => requireVersion(text))
    if (versions.length === 0) throw new Error('A versioned module declares at least one version')
    for (const version of versions) this.#served.set(version, { version, deprecationHeaders: [] })
    this.setDefaultVersion(definition.defaultVersion)
    for (const [text, deprecation] of Object.entries(definition.deprecated ?? {})) {
      this.deprecate(text, deprecation)
    }
    this.#refreshHeaders()
  }

  /** The version served to a request that names none; undefined when one must be named. */
  get defaultVersion(): ApiVersionText | undefined {
    return this.#defaultVersion
  }

  /** Changes the default version, or requires one to be named (undefined); also for tests. */
  setDefaultVersion(text: string | undefined): void {
    if (text === undefined) {
      this.#defaultVersion = undefined
      return
    }
    const version = requireVersion(text)
    if (!this.#served.has(version)) {
      throw new Error(
        `The default API version ${version} is not one of ${[...this.#served.keys()].join(', ')}`
      )
    }
    this.#defaultVersion = version
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

  /** Every declared version, in order, retired ones included (each has its API document). */
  get declaredVersions(): readonly ApiVersionText[] {
    return this.#declared
  }

  /**
   * What responses say now. A version past its sunset is retired: it answers 410 and is listed
   * neither as supported nor as deprecated. The clock is read only while some sunset is declared.
   */
  listing(): VersionListing {
    if (this.#hasSunsets) {
      const now = this.now().getTime()
      if (now < this.#listedFrom || now >= this.#listedUntil) this.#list(now)
    }
    return this.#listing
  }

  /** The versions still served, deprecated ones included, for problem bodies. */
  get versions(): readonly ApiVersionText[] {
    return this.listing().versions
  }

  /** `api-supported-versions`: the versions served and not deprecated. */
  get supportedHeader(): string {
    return this.listing().supportedHeader
  }

  /** `api-deprecated-versions`: empty when none. */
  get deprecatedHeader(): string {
    return this.listing().deprecatedHeader
  }

  isSunset(served: ServedVersion): boolean {
    return served.sunset !== undefined && this.now().getTime() >= served.sunset.getTime()
  }

  #refreshHeaders() {
    this.#declared = [...this.#served.keys()].sort(compareVersions)
    this.#hasSunsets = [...this.#served.values()].some((served) => served.sunset)
    this.#list(this.#hasSunsets ? this.now().getTime() : 0)
  }

  /** Lists the versions served at `now`, and until when (the next sunset) that list holds. */
  #list(now: number) {
    const all = this.#declared.map((version) => this.#served.get(version)!)
    const served = all.filter((version) => !version.sunset || now < version.sunset.getTime())
    const named = (versions: ServedVersion[]) => versions.map((version) => version.version)
    this.#listing = {
      supportedHeader: named(served.filter((version) => !isDeprecated(version))).join(', '),
      deprecatedHeader: named(served.filter(isDeprecated)).join(', '),
      versions: named(served),
    }
    const sunsets = all.flatMap((version) => (version.sunset ? [version.sunset.getTime()] : []))
    this.#listedFrom = Math.max(Number.NEGATIVE_INFINITY, ...sunsets.filter((time) => time <= now))
    this.#listedUntil = Math.min(Number.POSITIVE_INFINITY, ...sunsets.filter((time) => time > now))
  }
}

function isDeprecated(served: ServedVersion): boolean {
  return served.deprecationHeaders.length > 0
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
