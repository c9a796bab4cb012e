import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { args } from '@adonisjs/core/ace'
import { registeredModules } from '../app/doctor/app_modules.js'
import {
  composeBase,
  databaseOf,
  GATEWAY_CONFIG_FILE,
  GATEWAY_PORT,
  gatewayConfig,
  hostSets,
  HOSTS_COMPOSE_FILE,
  hostsComposeFile,
  type HostSet,
} from '../app/scaffolding/compose_hosts.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

/*
 * compose:hosts: the app's modules over several hosts in Docker Compose (app/scaffolding/
 * compose_hosts.ts writes the files). Needs the compose.yaml of `init --aspire` on a broker.
 */
export default class ComposeHosts extends ScaffoldCommand {
  static commandName = 'compose:hosts'
  static description =
    'Describe the app split over several hosts in Docker Compose (compose.hosts.yaml, a host per module set, nginx in front)'

  @args.spread({
    description: 'The hosts, each a comma-separated list of modules: catalog orders,billing',
  })
  declare hosts: string[]

  #hosts: HostSet[] = []

  protected async plan(): Promise<FilePlan> {
    const appRoot = this.app.makePath()
    const composeFile = this.app.makePath('compose.yaml')
    if (!existsSync(composeFile)) {
      throw new ScaffoldError(
        'This app has no compose.yaml: an app made with node ace init --aspire --transport redis (or rabbitmq) has one'
      )
    }
    const base = await composeBase(await readFile(composeFile, 'utf8'))
    const registered = await registeredModules(appRoot)
    const modules = registered.map((module) => module.folder)
    if (modules.length < 2) {
      throw new ScaffoldError(
        `This app has ${modules.length === 0 ? 'no module' : 'one module'}: hosts split two modules or more (node ace add-module <Name>)`
      )
    }
    this.#hosts = hostSets(this.hosts ?? [], modules, databaseOf(base))
    const commandLine = ['compose:hosts', ...this.hosts].join(' ')
    const plan = new FilePlan(appRoot)
    plan.generate(
      this.app.makePath(HOSTS_COMPOSE_FILE),
      await hostsComposeFile(base, this.#hosts, commandLine)
    )
    plan.generate(this.app.makePath(GATEWAY_CONFIG_FILE), gatewayConfig(this.#hosts, commandLine))
    return plan
  }

  protected nextSteps(): string[] {
    return [
      `Start them: docker compose -f compose.yaml -f ${HOSTS_COMPOSE_FILE} --profile hosts up --build (the gateway answers on http://localhost:${GATEWAY_PORT})`,
      ...this.#hosts.map(
        (host) =>
          `${host.service} serves ${host.modules.join(', ')} on the database ${host.database}`
      ),
      `One host for every module, as before: docker compose -f compose.yaml -f ${HOSTS_COMPOSE_FILE} --profile monolith up --build`,
    ]
  }
}
