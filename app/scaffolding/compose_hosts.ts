import { createHash } from 'node:crypto'
import {
  InvalidModuleSelection,
  parseModuleSelection,
} from '../building_blocks/infrastructure/modules/module_selection.js'
import { snakeCase } from './names.js'
import { ScaffoldError } from './scaffold_error.js'

/*
 * `node ace compose:hosts`: the app's modules split over several hosts in Docker Compose, beside
 * the one host `init --aspire` describes. Pure: from compose.yaml's text and the module sets to
 * the texts of compose.hosts.yaml (an overlay of compose.yaml) and the gateway's nginx
 * configuration. Each host is the `app` service as compose.yaml has it (its build, environment,
 * dependencies and health check, whatever the user changed), with its own PANTHEON_MODULES and
 * a database of its own on the same PostgreSQL server; nginx in front sends each module's
 * requests to the hosts that serve it, as docs/nginx/pantheon.conf does.
 */

export const HOSTS_COMPOSE_FILE = 'compose.hosts.yaml'
export const GATEWAY_CONFIG_FILE = 'compose/gateway.conf'
/** The port the gateway listens on, inside the network and published. */
export const GATEWAY_PORT = 8080

/** One host: a service name and the module folders it serves. */
export interface HostSet {
  /** `host-catalog`, `host-orders-billing`. */
  service: string
  modules: string[]
  /** Its database on the PostgreSQL server: the app's, with the host's modules after it. */
  database: string
}

type ComposeMap = Record<string, unknown>

let yamlLoading: Promise<typeof import('yaml')> | undefined

/**
 * The `yaml` package, loaded on first use: a development dependency of apps made by `init`, which
 * an older app may not have yet.
 */
function yamlLibrary(): Promise<typeof import('yaml')> {
  yamlLoading ??= import('yaml').catch(() => {
    yamlLoading = undefined
    throw new ScaffoldError(
      'compose:hosts reads compose.yaml with the yaml package, which this app does not have: npm install -D yaml'
    )
  })
  return yamlLoading
}

const isMap = (value: unknown): value is ComposeMap =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A module folder as its URL segment and PANTHEON_MODULES take it: `order_items` → `order-items`. */
const kebab = (folder: string) => folder.replace(/_/g, '-')

/**
 * The hosts the command's arguments describe, each a comma-separated list of modules: every
 * module named once at most and every module of the app served by one host, so that no route
 * is left to answer 404 behind the gateway.
 */
export function hostSets(
  args: readonly string[],
  modules: readonly string[],
  appDatabase: string
): HostSet[] {
  if (args.length < 2) {
    throw new ScaffoldError(
      `Name two hosts or more, each a comma-separated list of modules: node ace compose:hosts ${modules.map(kebab).join(' ') || 'catalog orders'}`
    )
  }
  const hosts: HostSet[] = []
  const served = new Map<string, string>()
  for (const arg of args) {
    // Module names as every command takes them too: OrderItems, order_items, order-items.
    const names = arg
      .split(',')
      .map((name) => snakeCase(name.trim()))
      .filter((name) => name !== '')
    if (names.length === 0) {
      throw new ScaffoldError(
        `The host "${arg}" names no module: write its modules separated by commas, such as orders,billing`
      )
    }
    let chosen: string[]
    try {
      // In the app's order, whatever order they were typed in: the same hosts keep their names
      // and their databases when the command runs again.
      chosen = [...parseModuleSelection(names.join(','), modules).names]
    } catch (error) {
      if (error instanceof InvalidModuleSelection) {
        throw new ScaffoldError(error.message.replaceAll('PANTHEON_MODULES', `The host "${arg}"`))
      }
      throw error
    }
    const service = `host-${chosen.map(kebab).join('-')}`
    for (const module of chosen) {
      const other = served.get(module)
      if (other) {
        throw new ScaffoldError(
          `${kebab(module)} is in two hosts (${other} and ${service}): name each module once (a host serves its modules whole; run more copies of one host to share its load)`
        )
      }
      served.set(module, service)
    }
    if (hosts.some((host) => host.service === service)) {
      throw new ScaffoldError(
        `Two hosts would both be named ${service}: group the modules another way`
      )
    }
    hosts.push({ service, modules: chosen, database: hostDatabase(appDatabase, chosen) })
  }
  const left = modules.filter((module) => !served.has(module))
  if (left.length > 0) {
    throw new ScaffoldError(
      `No host serves ${left.map(kebab).join(', ')}: add ${left.length === 1 ? 'it' : 'them'} to a host, or its routes answer 404 behind the gateway`
    )
  }
  return hosts
}

/** PostgreSQL's longest identifier, in bytes: a longer database name is cut short. */
const MAX_IDENTIFIER_BYTES = 63

/**
 * A host's database: the app's, with the host's modules after it, shortened with a hash of the
 * whole when PostgreSQL would cut it (createdb would then make one name and look for another).
 */
function hostDatabase(appDatabase: string, modules: string[]): string {
  const name = `${appDatabase}_${modules.join('_')}`
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8)
  return `${name.slice(0, MAX_IDENTIFIER_BYTES - hash.length - 1)}_${hash}`
}

/** What the overlay takes from compose.yaml: its `app` and `postgres` services. */
export interface ComposeBase {
  app: ComposeMap
  /** A variable without a value (`KEY:`) is passed from the shell Compose runs in: null. */
  environment: Record<string, string | null>
  postgresImage: string
  databaseUrl: URL
}

/**
 * compose.yaml's `app` service and PostgreSQL, as `init --aspire` writes them. Refused: a file
 * that is not YAML, one without them, and an app on the memory transport, whose events never
 * leave the process that commits them.
 */
export async function composeBase(text: string): Promise<ComposeBase> {
  const { parseDocument } = await yamlLibrary()
  // `<<` merge keys, as Compose reads them (an environment shared through an x- anchor).
  const document = parseDocument(text, { merge: true })
  if (document.errors.length > 0) {
    throw new ScaffoldError(`compose.yaml is not valid YAML: ${document.errors[0]!.message}`)
  }
  const root: unknown = document.toJS()
  const services = isMap(root) && isMap(root.services) ? root.services : undefined
  const app = services?.app
  const postgres = services?.postgres
  if (!isMap(app) || !isMap(postgres)) {
    throw new ScaffoldError(
      'compose.yaml has no "app" and "postgres" services: the hosts are copies of the app service that node ace init --aspire writes'
    )
  }
  if (!isMap(app.environment)) {
    throw new ScaffoldError(
      'The app service of compose.yaml has no environment map (KEY: value): write it as init --aspire does'
    )
  }
  const environment = Object.fromEntries(
    Object.entries(app.environment).map(([key, value]) => [
      key,
      value === null || value === undefined ? null : String(value),
    ])
  )
  const transport = environment.MESSAGE_TRANSPORT ?? 'memory'
  if (transport !== 'redis' && transport !== 'rabbitmq') {
    throw new ScaffoldError(
      `The app runs on the ${transport} transport, whose events never leave the host that commits them: set MESSAGE_TRANSPORT to redis or rabbitmq in compose.yaml (with its service, as init --aspire --transport redis writes it) so hosts can carry events to each other`
    )
  }
  let databaseUrl: URL
  try {
    databaseUrl = new URL(environment.DATABASE_URL ?? '')
    if (!databaseUrl.protocol.startsWith('postgres')) throw new Error('not PostgreSQL')
  } catch {
    throw new ScaffoldError(
      'The app service of compose.yaml has no DATABASE_URL of the form postgres://user:password@postgres:5432/database'
    )
  }
  return {
    app,
    environment,
    postgresImage: String(postgres.image ?? 'postgres:17'),
    databaseUrl,
  }
}

/** The app's database name, from its DATABASE_URL. */
export function databaseOf(base: ComposeBase): string {
  return decodeURIComponent(base.databaseUrl.pathname.replace(/^\//, ''))
}

/** compose.hosts.yaml: the `hosts` profile (each host, their databases, the gateway). */
export async function hostsComposeFile(
  base: ComposeBase,
  hosts: HostSet[],
  commandLine: string
): Promise<string> {
  const { stringify } = await yamlLibrary()
  const { app, environment, databaseUrl } = base
  const user = decodeURIComponent(databaseUrl.username)
  const server = `-h ${databaseUrl.hostname} -p ${databaseUrl.port || '5432'} -U ${user}`
  // `depends_on` as a map of conditions, or as a list of services (each waited for to start).
  const dependsOn: ComposeMap = Array.isArray(app.depends_on)
    ? Object.fromEntries(
        app.depends_on.map((service) => [String(service), { condition: 'service_started' }])
      )
    : isMap(app.depends_on)
      ? app.depends_on
      : {}
  // The gateway waits for the hosts to answer their health check, when they have one.
  const hostReady =
    isMap(app.healthcheck) && app.healthcheck.disable !== true
      ? 'service_healthy'
      : 'service_started'
  const services: ComposeMap = {
    // The one host serving every module stays, in a profile of its own: both on one broker would
    // take turns at the same consumer groups.
    'app': { profiles: ['monolith'] },
    'host-databases': {
      image: base.postgresImage,
      profiles: ['hosts'],
      restart: 'no',
      environment: { PGPASSWORD: decodeURIComponent(databaseUrl.password) },
      // `$$`: Compose would read `$db` as one of its own variables.
      command: [
        'sh',
        '-c',
        `for db in ${hosts.map((host) => host.database).join(' ')}; do ` +
          `psql ${server} -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$$db'" | grep -q 1 || ` +
          `createdb ${server} "$$db" || exit 1; done`,
      ],
      depends_on: { postgres: { condition: 'service_healthy' } },
    },
  }
  for (const host of hosts) {
    const url = new URL(databaseUrl.href)
    url.pathname = `/${host.database}`
    const service: ComposeMap = {
      ...Object.fromEntries(
        Object.entries(app).filter(
          ([key]) => !['ports', 'container_name', 'profiles'].includes(key)
        )
      ),
      profiles: ['hosts'],
      environment: {
        ...environment,
        PANTHEON_MODULES: host.modules.map(kebab).join(','),
        DATABASE_URL: url.href,
        ...(environment.OTEL_SERVICE_NAME
          ? { OTEL_SERVICE_NAME: `${environment.OTEL_SERVICE_NAME}-${host.service.slice(5)}` }
          : {}),
      },
      depends_on: {
        ...dependsOn,
        'host-databases': { condition: 'service_completed_successfully' },
      },
    }
    services[host.service] = service
  }
  services.gateway = {
    image: 'nginx:1.27',
    profiles: ['hosts'],
    volumes: [`./${GATEWAY_CONFIG_FILE}:/etc/nginx/conf.d/default.conf:ro`],
    ports: [{ target: GATEWAY_PORT, published: GATEWAY_PORT }],
    depends_on: Object.fromEntries(hosts.map((host) => [host.service, { condition: hostReady }])),
  }
  const header = [
    `# Written by \`node ace ${commandLine}\`:`,
    '# run it again to change the hosts; edit compose.yaml for what every host shares (this file is',
    '# rewritten). The app split over several hosts, each serving some modules (PANTHEON_MODULES)',
    `# on a database of its own, nginx in front on http://localhost:${GATEWAY_PORT}; events go`,
    '# between them over the broker:',
    '#   docker compose -f compose.yaml -f compose.hosts.yaml --profile hosts up --build',
    '# One host serving every module, as before (the profile keeps both from sharing the broker):',
    '#   docker compose -f compose.yaml -f compose.hosts.yaml --profile monolith up --build',
    '',
  ].join('\n')
  // YAML 1.1, as docker-compose reads it ("true" stays a string); each service whole, without
  // anchors for what hosts share.
  return (
    header + stringify({ services }, { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false })
  )
}

/** The nginx upstream of a host: its service name, in the letters nginx names take. */
const upstreamOf = (host: HostSet) => host.service.replace(/-/g, '_')

/** The gateway's nginx configuration: each module's requests to the host that serves it. */
export function gatewayConfig(hosts: HostSet[], commandLine: string): string {
  const upstream = (name: string, services: string[]) =>
    [
      `upstream ${name} {`,
      ...services.map((service) => `    server ${service}:5000;`),
      '    keepalive 16;',
      '}',
    ].join('\n')
  const locations = hosts.flatMap((host) =>
    host.modules.map((module) => {
      const segment = kebab(module)
      return [
        `    location ~ ^/(api/(v[0-9][0-9.]*/)?${segment}(/|$)|openapi/${segment}-v[0-9][0-9._]*\\.json$|asyncapi/${module}\\.json$|docs/events/${module}$) {`,
        `        proxy_pass http://${upstreamOf(host)};`,
        '    }',
      ].join('\n')
    })
  )
  return [
    `# Written by \`node ace ${commandLine}\`: each module's requests go to the host`,
    '# that serves it, as compose.hosts.yaml splits them; run the command again to change it.',
    '',
    ...hosts.map((host) => upstream(upstreamOf(host), [host.service])),
    '',
    '# What every host answers alike: health and readiness, the API reference page.',
    upstream(
      'pantheon_any',
      hosts.map((host) => host.service)
    ),
    '',
    'server {',
    `    listen ${GATEWAY_PORT};`,
    '',
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    '    proxy_set_header Host $host;',
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    client_max_body_size 2m;',
    '',
    ...locations,
    '',
    '    location / {',
    '        proxy_pass http://pantheon_any;',
    '    }',
    '}',
    '',
  ].join('\n')
}
