import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApplicationService } from '@adonisjs/core/types'
import { pantheonConfig } from './pantheon_config.js'
import { developmentCertificate } from './development_certificate.js'
import { GracefulClose } from './graceful_close.js'
import { answerConnectRequests } from './connect_requests.js'
import { answerHalfClosedClients } from './half_closed_clients.js'

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown

/**
 * The second listener of the development host: HTTPS on HTTPS_PORT (5001) with the development
 * certificate, serving the very same request handler as the HTTP listener. Outside development
 * it never starts (TLS belongs to the proxy there), and HTTPS_ENABLED=false switches it off.
 *
 * Preparing (the certificate may need generating) happens while the app starts; the returned
 * function then listens synchronously next to the HTTP listener, so both come up together.
 */
export async function prepareDevelopmentHttps(
  app: ApplicationService
): Promise<((handler: RequestHandler) => void) | undefined> {
  const { enabled, port, host } = pantheonConfig(app).https
  if (!app.inDev || !enabled) return undefined
  const certificate = await developmentCertificate(app.tmpPath())
  const logger = await app.container.make('logger')

  return (handler) => {
    const server: Server = createServer(certificate, handler)
    const graceful = new GracefulClose(server)
    answerConnectRequests(server, handler)
    answerHalfClosedClients(server)
    app.terminating(() => graceful.close())
    server.once('listening', () => {
      logger.info('started HTTPS server on %s:%s (self-signed development certificate)', host, port)
    })
    server.once('error', (error) => {
      logger.fatal({ err: error }, `HTTPS listener could not start on ${host}:${port}`)
      process.exitCode = 1
      void app.terminate()
    })
    server.listen(port, host)
  }
}
