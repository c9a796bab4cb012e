/** One API document: a module in one version, served as JSON at `path`. */
export interface ApiDocumentEntry {
  module: string
  version?: string
  path: string
  build(): Record<string, unknown>
}

/**
 * Every API document of the host, filled by the modules as they mount their routes; the
 * development reference page lists them and tests read them.
 */
export class ApiReference {
  readonly #entries: ApiDocumentEntry[] = []
  readonly #built = new Map<string, Record<string, unknown>>()

  constructor(
    readonly settings: {
      /** What every document says about the host: who to ask about the API (`info.contact`). */
      contact?: Record<string, string>
      /**
       * Whether the host answers at each document's path (API_DOCS_ENABLED; default true). The
       * documents are listed and built here either way, for the tests and tools that read them.
       */
      served?: boolean
    } = {}
  ) {}

  add(entry: ApiDocumentEntry): void {
    this.#entries.push(entry)
  }

  entries(): readonly ApiDocumentEntry[] {
    return [...this.#entries].sort((a, b) => a.path.localeCompare(b.path))
  }

  /** Built on first use and kept: routes do not change while the app runs. */
  document(path: string): Record<string, unknown> | undefined {
    const entry = this.#entries.find((candidate) => candidate.path === path)
    if (!entry) return undefined
    if (!this.#built.has(path)) this.#built.set(path, entry.build())
    return this.#built.get(path)
  }
}
