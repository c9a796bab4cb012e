import type { HttpRouterService } from '@adonisjs/core/types'
import type { ApiReference } from '../building_blocks/infrastructure/http/openapi/api_reference.js'
import type { AsyncApiReference } from '../building_blocks/infrastructure/messaging/asyncapi/asyncapi_reference.js'
import { apiReferenceAssets } from './api_reference_assets.js'
import { apiReferencePage } from './api_reference_page.js'

/** A year: asset URLs carry the viewer's version, so a cached copy is never out of date. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The reference page at `docsPath` and the viewer's files under `<docsPath>/assets/<version>/`,
 * all from this host. The page is asked again on each visit (modules may have changed since);
 * the files are cached for good. The modules' AsyncAPI documents (`events`) are linked below.
 */
export function serveApiReference(
  router: HttpRouterService,
  reference: ApiReference,
  docsPath: string,
  events?: AsyncApiReference
): void {
  const assets = apiReferenceAssets(docsPath)
  router
    .get(docsPath, ({ response }) => {
      const eventDocuments = events
        ? events.modules().map((module) => ({ module, path: events.path(module) }))
        : []
      const page = apiReferencePage(reference.entries(), assets, eventDocuments)
      response
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', page.contentSecurityPolicy)
        .send(page.html)
    })
    .as('api_reference')
  router
    .get(`${assets.baseUrl}/:file`, ({ params, response }) => {
      // X-Content-Type-Options comes with every answer (security_headers.ts).
      response.header('cache-control', IMMUTABLE)
      response.download(assets.path(params.file), true)
    })
    // Any other name is no route at all: the usual 404.
    .where('file', { match: assets.fileNames })
    .as('api_reference.asset')
}
