import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { LinkedEntries, type LinkedEntry } from '../building_blocks/application/linked_entries.js'

/** A response not yet finished, linked to the others in the order they came. */
interface Unanswered extends LinkedEntry<Unanswered> {
  readonly response: ServerResponse
}

/**
 * Stops an HTTP(S) listener without resetting a single request.
 *
 * `http.Server#close()` destroys every connection that has no request being handled at that
 * instant. On a busy keep-alive connection that instant falls between a response and the next
 * request, whose bytes may already be in the socket: destroying it then resets that request
 * (every connection of a client looping on keep-alive was reset this way). Instead, closing
 * here stops accepting connections and lets each one end the way HTTP intends:
 * - a response not yet started when closing begins, and every response after it, carries
 *   `Connection: close`, so Node ends the connection once it is sent and the client does not
 *   send on it again;
 * - a connection idle when closing begins is answered the same way if a request comes, and is
 *   otherwise ended by Node at its keep-alive timeout, the one announced to the client in
 *   `Keep-Alive: timeout=…`, which clients stop reusing a connection before.
 *
 * The responses under way are kept in a linked list, not a `Set`: a `Set` of them kept about
 * fifty requests alive through minor collections at every rehash under load, which made each
 * minor pause 12–17 ms on any route that waits for a database (see `LinkedEntries`).
 */
export class GracefulClose {
  #closing = false
  readonly #unanswered = new LinkedEntries<Unanswered>()

  constructor(private readonly server: HttpServer) {
    // Before the app's own request listener, so the header is set before any response starts.
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (this.#closing) {
        response.setHeader('connection', 'close')
        return
      }
      const unanswered = this.#unanswered.add({
        response,
        older: undefined,
        newer: undefined,
        linked: false,
      })
      const forget = () => this.#unanswered.remove(unanswered)
      response.once('finish', forget)
      response.once('close', forget)
    })
  }

  /** Resolves once the listener is closed and every connection has ended. */
  close(): Promise<void> {
    this.#closing = true
    this.#unanswered.drain(({ response }) => {
      if (!response.headersSent) response.setHeader('connection', 'close')
    })
    return new Promise((resolve) => {
      if (!this.server.listening) return resolve()
      // net.Server's close: stop accepting and wait for the connections, without the idle
      // connection sweep http.Server#close() adds.
      NetServer.prototype.close.call(this.server, () => resolve())
    })
  }
}
