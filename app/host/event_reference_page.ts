import type { EventReferenceAssets } from './event_reference_assets.js'
import {
  contentSecurityPolicy,
  displayName,
  escapeHtml,
  scriptJson,
} from './reference_page_parts.js'

/**
 * The viewer's parser compiles the document's JSON Schemas into functions (ajv, `new Function`),
 * which a policy without 'unsafe-eval' refuses: the page then shows nothing. The page runs only
 * the pinned bundle this host serves and the hashed initializer, on a document of this host.
 */
const VIEWER_SCRIPT_SOURCES = ["'unsafe-eval'"]

/** The standalone bundle drawn on one document, fetched from this host. */
function initializer(documentPath: string): string {
  return `
AsyncApiStandalone.render(
  {
    schema: { url: ${scriptJson(documentPath)}, requestOptions: { credentials: 'same-origin' } },
    config: { show: { sidebar: true, errors: true } },
  },
  document.getElementById('asyncapi')
)
`
}

/**
 * One module's integration events in the AsyncAPI viewer (@asyncapi/react-component, served by
 * this host): channels, operations, and each message's CloudEvents headers and payload schema.
 * The raw document is linked for when scripts are off.
 */
export function eventReferencePage(
  module: string,
  documentPath: string,
  assets: Pick<EventReferenceAssets, 'url'>
): { html: string; contentSecurityPolicy: string } {
  const title = `${displayName(module)} events`
  const script = initializer(documentPath)
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(assets.url('asyncapi.css'))}">
</head>
<body>
<noscript><h1>${escapeHtml(title)}</h1><p><a href="${escapeHtml(documentPath)}">The AsyncAPI document</a></p></noscript>
<div id="asyncapi"></div>
<script src="${escapeHtml(assets.url('asyncapi-standalone.js'))}"></script>
<script>${script}</script>
</body>
</html>
`
  return { html, contentSecurityPolicy: contentSecurityPolicy(script, VIEWER_SCRIPT_SOURCES) }
}
