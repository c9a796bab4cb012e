import type { HttpRouterService } from '@adonisjs/core/types'
import type { ApiReference } from '../building_blocks/infrastructure/http/openapi/api_reference.js'
import { sendProblem } from '../building_blocks/infrastructure/http/problem_details.js'
import type { AsyncApiReference } from '../building_blocks/infrastructure/messaging/asyncapi/asyncapi_reference.js'
import { apiReferenceAssets } from './api_reference_assets.js'
import { apiReferencePage, type EventDocumentLink } from './api_reference_page.js'
import { eventReferenceAssets, type EventReferenceAssets } from './event_reference_assets.js'
import { eventReferencePage } from './event_reference_page.js'

/** A year: asset URLs carry the viewer's version, so a cached copy is never out of date. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The reference page at `docsPath` and the viewer's files under `<docsPath>/assets/<version>/`,
 * all from this host. The page is asked again on each visit (modules may have changed since);
 * the files are cached for good. The modules' AsyncAPI documents (`events`) are linked below,
 * each with its page in the AsyncAPI viewer when the viewer is installed (development).
 */
export function serveApiReference(
  router: HttpRouterService,
  reference: ApiReference,
  docsPath: string,
  events?: AsyncApiReference
): void {
  const assets = apiReferenceAssets(docsPath)
  const viewer = events ? eventReferenceAssets(docsPath) : undefined
  const eventPage = (module: string) => `${docsPath.replace(/\/+$/, '')}/events/${module}`
  router
    .get(docsPath, ({ response }) => {
      const eventDocuments: EventDocumentLink[] = events
        ? events.modules().map((module) => ({
            module,
            path: events.path(module),
            ...(viewer && { page: eventPage(module) }),
          }))
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
  if (events && viewer) serveEventPages(router, events, viewer, eventPage)
}

/** `<docs path>/events/<module>` for each module with events, and the viewer's two files. */
function serveEventPages(
  router: HttpRouterService,
  events: AsyncApiReference,
  viewer: EventReferenceAssets,
  eventPage: (module: string) => string
): void {
  router
    .get(eventPage(':module'), (ctx) => {
      const { params, request, response } = ctx
      const module = String(params.module)
      // Asked for each visit, like /docs: the modules are the ones this host serves now. Any
      // other name is answered as a path no route takes.
      if (!events.modules().includes(module)) {
        return sendProblem(ctx, {
          status: 404,
          code: 'Route.NotFound',
          detail: `No module of this host publishes or consumes events as ${module}: ${request.url()}`,
        })
      }
      const page = eventReferencePage(module, events.path(module), viewer)
      response
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', page.contentSecurityPolicy)
        .send(page.html)
    })
    .as('api_reference.events')
  router
    .get(`${viewer.baseUrl}/:file`, ({ params, response }) => {
      response.header('cache-control', IMMUTABLE)
      response.download(viewer.path(params.file as 'asyncapi.css'), true)
    })
    .where('file', { match: viewer.fileNames })
    .as('api_reference.events.asset')
}
