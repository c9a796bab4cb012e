import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * On every answer of the host. The API answers programs, with JSON; these tell a browser that
 * meets an answer anyway to make nothing more of it:
 * - `nosniff`: the declared content type stands, so a JSON body never runs as a script or page;
 * - no page may frame it (`X-Frame-Options` for old browsers, `frame-ancestors` for the rest);
 * - the document may load nothing at all (`default-src 'none'`);
 * - `no-referrer`: a link followed from an answer tells the other site nothing of where it came
 *   from. Browsers already default to strict-origin-when-cross-origin, which still sends the
 *   origin; an API has no use for even that, so only the stricter value changes anything.
 * A route may set its own value of any of them: the API reference page sets its own CSP.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
}

/**
 * HTTPS only, for a year, for this host name. No `includeSubDomains` or `preload`: those bind
 * every name under the domain, which is its owner's decision, not one service's.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000'

/** Remote addresses whose trust is remembered; past it the memory starts over. */
const TRUST_MEMORY = 256

/**
 * Whether a request came over HTTPS, decided as AdonisJS's `request.secure()` does: a TLS
 * socket, or `X-Forwarded-Proto: https` (its first value) from a proxy config/app.ts trusts.
 * Whether an address is trusted is remembered, as AdonisJS does: deciding it parses the address,
 * about a microsecond, and a host behind a proxy hears from few addresses.
 */
export function overHttps(trustProxy: (address: string, distance: number) => boolean) {
  const trusted = new Map<string, boolean>()
  const isTrusted = (address: string) => {
    let known = trusted.get(address)
    if (known === undefined) {
      if (trusted.size >= TRUST_MEMORY) trusted.clear()
      known = trustProxy(address, 0)
      trusted.set(address, known)
    }
    return known
  }
  return (request: IncomingMessage): boolean => {
    if ((request.socket as TLSSocket).encrypted) return true
    const forwarded = request.headers['x-forwarded-proto']
    if (typeof forwarded !== 'string' || !/^\s*https\s*(,|$)/i.test(forwarded)) return false
    const address = request.socket.remoteAddress
    return address !== undefined && isTrusted(address)
  }
}
