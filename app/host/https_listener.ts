import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'
import { developmentCertificate } from './development_certificate.js'

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown

/**
 * The second listener of the development host: HTTPS on HTTPS_PORT (5001) with the development
 * certificate, serving the very same request handler as the HTTP listener. Outside development
 * it never starts (TLS belongs to the proxy there), and HTTPS_ENABLED=false switches it off.
 */
export async function startDevelopmentHttps(
  app: ApplicationService,
  handler: RequestHandler
): Promise<Server | undefined> {
  if (!app.inDev || !env.get('HTTPS_ENABLED', true)) return undefined
  const certificate = await developmentCertificate(app.tmpPath())
  const server = createServer(certificate, handler)
  const port = env.get('HTTPS_PORT', 5001)
  const host = env.get('HOST', '0.0.0.0')
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  app.terminating(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const logger = await app.container.make('logger')
  logger.info('started HTTPS server on %s:%s (self-signed development certificate)', host, port)
  return server
}
