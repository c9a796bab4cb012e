import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import { answerBadUrl } from '@pantheon/kit/http'

/**
 * Production must bring its own key; development and tests use a fixed local one so a fresh
 * clone starts without a .env file. Nothing Pantheon stores is encrypted with it.
 */
function resolveAppKey() {
  const key = env.get('APP_KEY')
  if (key) return key
  if (app.inProduction) {
    throw new Error('APP_KEY must be set in production (a random string of at least 32 characters)')
  }
  return new Secret('pantheon-local-development-key-not-for-production')
}

export const appKey = resolveAppKey()

export const http = defineConfig({
  /** The request id is the problem-details traceId and is echoed in the X-Request-Id header. */
  generateRequestId: true,
  allowMethodSpoofing: false,
  /** Lets the outbox read the request id (the correlation id of the events a request raises). */
  useAsyncLocalStorage: true,
  /** A URL that cannot be decoded (`%ZZ`, `%FF`) is answered with problem details, not plain text. */
  onBadUrl: answerBadUrl,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction,
    sameSite: 'lax',
  },
})
