import type { Server } from 'node:net'

/**
 * A client may close its sending side once its request is written (a half-close: `shutdown`
 * with SHUT_WR, `socket.end(body)` in Node) and still read the answer. Node's HTTP server takes
 * that FIN as the client leaving unless `httpAllowHalfOpen` is set: it aborts the request in
 * flight and ends the connection. A request still being handled at that moment (one whose
 * gzip body was still decompressing) was applied, and its answer never sent. With the setting,
 * the server answers the requests it has, then closes the connection. Not in Node's typings,
 * though it is a plain property of every `http.Server` (and `https.Server`).
 */
export function answerHalfClosedClients(listener: Server): void {
  ;(listener as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true
}
