import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * The files of swagger-ui-dist the reference page loads, and nothing else of the package: an
 * allowlist, so a request can never name its way to another file (or out of the folder).
 */
const FILES = [
  'swagger-ui.css',
  'swagger-ui-bundle.js',
  'swagger-ui-standalone-preset.js',
  'favicon-32x32.png',
  'favicon-16x16.png',
] as const

type ApiReferenceAssetName = (typeof FILES)[number]

/** Where the viewer's files are on disk and under which URL the host serves them. */
export interface ApiReferenceAssets {
  /** The installed swagger-ui-dist version, part of every asset URL. */
  version: string
  /** `<docs path>/assets/<version>`: a new version is a new URL, so caches never go stale. */
  baseUrl: string
  /** Matches exactly the served file names (for the route's parameter). */
  fileNames: RegExp
  url(name: ApiReferenceAssetName): string
  path(name: string): string
}

/**
 * The viewer comes from the swagger-ui-dist package installed with the kit (a dependency, pinned
 * by the lock file), never from a CDN: the page works without internet and every request it
 * makes goes to the host that served it.
 */
export function apiReferenceAssets(docsPath: string): ApiReferenceAssets {
  const manifest = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')
  const folder = dirname(manifest)
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
  const baseUrl = `${docsPath.replace(/\/+$/, '')}/assets/${version}`
  const escaped = FILES.map((name) => name.replace(/[.-]/g, '\\$&'))
  return {
    version,
    baseUrl,
    fileNames: new RegExp(`^(${escaped.join('|')})$`),
    url: (name) => `${baseUrl}/${name}`,
    path: (name) => join(folder, name),
  }
}
