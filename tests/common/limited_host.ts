import { startServerProcess } from './server_process.js'

/**
 * A production host on its own port with the given rate limit settings. It is polled on
 * /health/live, which is never rate limited, so starting it counts against no client.
 */
export function startLimitedHost(port: number, env: Record<string, string>) {
  return startServerProcess(
    {
      NODE_ENV: 'production',
      APP_KEY: 'rate-limit-test-key-rate-limit-test-key',
      HOST: '127.0.0.1',
      PORT: String(port),
      DB_CONNECTION: 'sqlite',
      SQLITE_FILENAME: 'tmp/rate-limit-test.sqlite3',
      OUTBOX_RELAY: 'off',
      ...env,
    },
    { readyPath: '/health/live' }
  )
}

/** A GET as the client at `address`, through the host's trusted loopback proxy position. */
export function getAs(port: number, path: string, address?: string) {
  return fetch(`http://127.0.0.1:${port}${path}`, {
    headers: address ? { 'x-forwarded-for': address } : {},
  })
}

/**
 * A client address from 198.18.0.0/15 (reserved for benchmarks), random so that runs sharing a
 * Redis never count against each other.
 */
export function uniqueClientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254)
  return `198.${18 + Math.floor(Math.random() * 2)}.${octet()}.${octet()}`
}
