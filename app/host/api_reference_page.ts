import type { ApiDocumentEntry } from '../building_blocks/infrastructure/http/openapi/api_reference.js'
import type { ApiReferenceAssets } from './api_reference_assets.js'
import {
  contentSecurityPolicy,
  displayName,
  escapeHtml,
  scriptJson,
} from './reference_page_parts.js'

/**
 * Swagger UI started on every document, one selected at a time. "Try it out" calls the host
 * that served the page: the documents name the default development address
 * (http://localhost:5000), which is wrong on any other port or behind a proxy, so this origin
 * is put first in each document's server list.
 */
function initializer(documents: { url: string; name: string }[]): string {
  return `
const thisHost = () => ({
  statePlugins: {
    spec: {
      wrapActions: {
        updateJsonSpec: (update) => (spec) =>
          update({
            ...spec,
            servers: [
              { url: window.location.origin, description: 'This host' },
              ...(spec.servers ?? []).filter((server) => server.url !== window.location.origin),
            ],
          }),
      },
    },
  },
})
const documents = ${scriptJson(documents)}
window.ui = SwaggerUIBundle({
  urls: documents,
  'urls.primaryName': documents[0]?.name,
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl, thisHost],
  layout: 'StandaloneLayout',
})
`
}

/** A module's AsyncAPI document, and its page in the AsyncAPI viewer when the viewer is installed. */
export interface EventDocumentLink {
  module: string
  /** The raw document, `/asyncapi/<module>.json`. */
  path: string
  /** `<docs path>/events/<module>`, drawn by @asyncapi/react-component. */
  page?: string
}

/**
 * Links to the modules' AsyncAPI documents: Swagger UI reads OpenAPI only, so each module's
 * events open in the AsyncAPI viewer's page (event_reference_page.ts), and the raw document is
 * linked beside it.
 */
function eventLinks(documents: readonly EventDocumentLink[]): string {
  if (documents.length === 0) return ''
  const items = documents
    .map((document) => {
      const name = escapeHtml(displayName(document.module))
      const raw = `<a href="${escapeHtml(document.path)}">${document.page ? 'JSON' : name}</a>`
      return document.page
        ? `<li><a href="${escapeHtml(document.page)}">${name}</a> (${raw})</li>`
        : `<li>${raw}</li>`
    })
    .join('')
  return `<nav aria-label="Integration events"><h2>Integration events (AsyncAPI 3.0)</h2><ul>${items}</ul></nav>\n`
}

/**
 * The development API reference: every module and version in Swagger UI, which the host serves
 * itself (swagger-ui-dist), with a selector for the document; links to the raw OpenAPI documents
 * when scripts are off, and to the AsyncAPI documents of the modules' events always.
 */
export function apiReferencePage(
  entries: readonly ApiDocumentEntry[],
  assets: Pick<ApiReferenceAssets, 'url'>,
  eventDocuments: readonly EventDocumentLink[] = []
): { html: string; contentSecurityPolicy: string } {
  const documents = entries.map((entry) => ({
    url: entry.path,
    name: `${displayName(entry.module)} ${entry.version ?? ''}`.trim(),
  }))
  const links = documents
    .map(
      (document) =>
        `<li><a href="${escapeHtml(document.url)}">${escapeHtml(document.name)}</a></li>`
    )
    .join('')
  const script = initializer(documents)
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>API reference</title>
<link rel="stylesheet" href="${escapeHtml(assets.url('swagger-ui.css'))}">
<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(assets.url('favicon-32x32.png'))}">
<link rel="icon" type="image/png" sizes="16x16" href="${escapeHtml(assets.url('favicon-16x16.png'))}">
</head>
<body>
<noscript><h1>API reference</h1><ul>${links}</ul></noscript>
<div id="swagger-ui"></div>
${eventLinks(eventDocuments)}<script src="${escapeHtml(assets.url('swagger-ui-bundle.js'))}"></script>
<script src="${escapeHtml(assets.url('swagger-ui-standalone-preset.js'))}"></script>
<script>${script}</script>
</body>
</html>
`
  return { html, contentSecurityPolicy: contentSecurityPolicy(script) }
}
