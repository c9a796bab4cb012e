import { connect } from 'node:net'

/** A service the integration suite talks to, and how to start it on this kind of machine. */
interface RequiredService {
  name: string
  url: string
  defaultPort: number
  start: string
}

/**
 * What this repository's integration suite needs besides SQLite (README: "Services the full test
 * suite needs"): PostgreSQL for the tests that always run on it, Redis and RabbitMQ for the
 * message transports and the shared rate limit.
 */
function requiredServices(): RequiredService[] {
  return [
    {
      name: 'PostgreSQL',
      url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      defaultPort: 5432,
      start: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    },
    {
      name: 'Redis',
      url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      defaultPort: 6379,
      start: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ""',
    },
    {
      name: 'RabbitMQ',
      url: process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
      defaultPort: 5672,
      start: 'rabbitmq-server -detached',
    },
  ]
}

/**
 * Resolves with the connection error, or undefined once the port accepts a connection. A stopped
 * service refuses at once; the timeout is only for a port that never answers, and is long: a
 * test process starting beside four others on two cores can be busy loading modules for seconds,
 * and the timeout fires before the connection it already has is seen (CI failed on a Redis that
 * was up with a 2 s one).
 */
function probe(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 15_000 })
    socket.once('connect', () => {
      socket.destroy()
      resolve(undefined)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve('no answer within 15 s')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

/**
 * Checks every service once, before the integration suite starts, and fails it with one message
 * naming each missing service and how to start it: without this, every test that needs one
 * failed on its own after its timeouts, and their retrying clients kept the runner from exiting.
 */
export async function assertRequiredServices(): Promise<void> {
  const missing: string[] = []
  await Promise.all(
    requiredServices().map(async (service) => {
      const { hostname, port } = new URL(service.url)
      const failure = await probe(hostname, Number(port || service.defaultPort))
      if (failure) {
        missing.push(
          `${service.name} is not reachable at ${hostname}:${port || service.defaultPort} (${failure}); start it with: ${service.start}`
        )
      }
    })
  )
  if (missing.length > 0) {
    throw new Error(
      `The integration suite needs PostgreSQL, Redis and RabbitMQ (see README.md):\n${missing.sort().join('\n')}`
    )
  }
}
