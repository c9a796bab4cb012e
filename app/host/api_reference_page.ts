import type { ApiDocumentEntry } from '../building_blocks/infrastructure/http/openapi/api_reference.js'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * The development API reference: every module and version, as links to the OpenAPI documents
 * and in Scalar's interactive viewer (loaded from its CDN).
 */
export function apiReferencePage(entries: readonly ApiDocumentEntry[]): string {
  const sources = entries.map((entry) => ({
    title: `${entry.module} ${entry.version ?? ''}`.trim(),
    url: entry.path,
  }))
  const links = sources
    .map((source) => `<li><a href="${escapeHtml(source.url)}">${escapeHtml(source.title)}</a></li>`)
    .join('')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>API reference</title></head>
<body>
<h1>API reference</h1>
<ul>${links}</ul>
<div id="app"></div>
<script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference"></script>
<script>Scalar.createApiReference('#app', { sources: ${JSON.stringify(sources).replace(/</g, '\\u003c')} })</script>
</body>
</html>
`
}
