import { createHash } from 'node:crypto'
import type { ApiDocumentEntry } from '../building_blocks/infrastructure/http/openapi/api_reference.js'
import type { ApiReferenceAssets } from './api_reference_assets.js'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON that is safe inside a <script> element: no `</script>` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** `order_items` → `Order Items`: how a module is named in the document selector. */
function displayName(module: string): string {
  return module
    .split(/[_-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

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

/**
 * Nothing but what the page uses, and that from this host only; the inline initializer is
 * allowed by its hash. Swagger UI sets inline styles as it draws (without 'unsafe-inline' the
 * browser blocks them and the page breaks: the browser test shows it) and draws icons from
 * data: URLs. No other site may frame the page.
 */
function contentSecurityPolicy(script: string): string {
  const hash = createHash('sha256').update(script).digest('base64')
  return [
    "default-src 'none'",
    `script-src 'self' 'sha256-${hash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Links to the modules' AsyncAPI documents: Swagger UI reads OpenAPI only, and a viewer for
 * AsyncAPI would be another UI package to ship, so the raw documents are listed.
 */
function eventLinks(documents: readonly { module: string; path: string }[]): string {
  if (documents.length === 0) return ''
  const items = documents
    .map(
      (document) =>
        `<li><a href="${escapeHtml(document.path)}">${escapeHtml(displayName(document.module))}</a></li>`
    )
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
  eventDocuments: readonly { module: string; path: string }[] = []
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
