import { ServerResponse, type IncomingMessage } from 'node:http'
import type { EventEmitter } from 'node:events'
import type { Duplex } from 'node:stream'

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown

/**
 * Node hands a CONNECT request to the listener's 'connect' event instead of its request handler,
 * and with nobody listening it closes the connection: the client gets no answer at all. This
 * gives the request to the app's handler like any other (it answers 405 problem details: the
 * service tunnels nothing), then closes the connection, which Node no longer reads HTTP from.
 */
export function answerConnectRequests(listener: EventEmitter, handler: RequestHandler): void {
  listener.on('connect', (request: IncomingMessage, socket: Duplex) => {
    // Node took its own error handling off the socket when it gave it away.
    socket.on('error', () => socket.destroy())
    const response = new ServerResponse(request)
    response.shouldKeepAlive = false
    response.assignSocket(socket as ServerResponse['socket'] & {})
    response.on('finish', () => {
      response.detachSocket(socket as ServerResponse['socket'] & {})
      socket.end()
    })
    handler(request, response)
  })
}
