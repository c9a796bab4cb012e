import { createHash } from 'node:crypto'

/** Text safe anywhere in HTML, attribute values included. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** JSON that is safe inside a <script> element: no `</script>` can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** `order_items` → `Order Items`: how a module is named on the reference pages. */
export function displayName(module: string): string {
  return module
    .split(/[_-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * Nothing but what a reference page uses, and that from this host only; its inline initializer
 * is allowed by its hash. The viewers set inline styles as they draw (without 'unsafe-inline'
 * the browser blocks them and the page breaks: the browser tests show it) and draw icons from
 * data: URLs. No other site may frame the page. `scriptSources` adds what a viewer needs beyond
 * that, said where it is asked for.
 */
export function contentSecurityPolicy(script: string, scriptSources: string[] = []): string {
  const hash = createHash('sha256').update(script).digest('base64')
  return [
    "default-src 'none'",
    ["script-src 'self'", `'sha256-${hash}'`, ...scriptSources].join(' '),
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
