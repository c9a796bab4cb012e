import { args, flags } from '@adonisjs/core/ace'
import {
  parseApiVersion,
  versionFolder,
  versionSegment,
} from '../app/building_blocks/infrastructure/http/versioning/api_version.js'
import { moduleVersions } from '../app/scaffolding/api_versions_codemod.js'
import { readEndpointFacts } from '../app/scaffolding/endpoint_facts.js'
import { declarePermissions } from '../app/scaffolding/declare_permission.js'
import { endpointAccess } from '../app/scaffolding/endpoint_access.js'
import { endpointOptions, planEndpoint } from '../app/scaffolding/endpoint_plan.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand, type Recipe } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

/*
 * add-endpoint: the flags and the report. What to write is decided by planEndpoint
 * (app/scaffolding/endpoint_plan.ts) from the module's facts (endpoint_facts.ts, read with the
 * ts-morph reader of module_facts.ts), and written from the stubs in stubs/pantheon/endpoint/.
 */

export default class AddEndpoint extends ScaffoldCommand {
  static commandName = 'add-endpoint'
  static description =
    "Create an endpoint in a module's route group that sends a command or asks a query"

  @args.string({ description: 'The endpoint name in PascalCase, e.g. CreateProduct' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Catalog' })
  declare module?: string

  @flags.string({ description: 'GET, POST, PUT, PATCH or DELETE' })
  declare method?: string

  @flags.string({ description: 'The path inside the module group, e.g. / or /:id' })
  declare route?: string

  @flags.string({ description: 'The command it sends (made with add-command)' })
  declare command?: string

  @flags.string({ description: 'The query it asks (made with add-query)' })
  declare query?: string

  @flags.string({ description: 'What the command or query returns, e.g. ProductId or ProductDto' })
  declare resultType?: string

  @flags.string({
    description: 'Serve it in this API version only (declared with add-api-version), e.g. 2.0',
  })
  declare apiVersion?: string

  @flags.string({
    description:
      'Only callers holding this permission reach it, e.g. catalog.products.create (declared in the module for you)',
  })
  declare permission?: string

  @flags.boolean({
    description:
      'Anyone may call it, also in an app with authentication (where the default is signed-in callers)',
  })
  declare public: boolean

  #moduleRoot?: string
  #withoutSuccessTests = false

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#moduleRoot = module.root
    const options = endpointOptions(this)
    const facts = await readEndpointFacts({
      appRoot: this.app.makePath(),
      module,
      version: await this.versionFolder(module),
      options,
      entities: await this.entityDefinitions(module.root),
      plannedSource: (path) => this.plannedSource(path),
    })
    const decided = planEndpoint(options, facts)
    this.#withoutSuccessTests = decided.withoutSuccessTests
    const access = endpointAccess(
      { permission: this.permission, public: this.public },
      module,
      this.app.makePath()
    )
    const plan = new FilePlan(this.app.makePath())
    for (const file of decided.files) {
      const rendered = await renderStub(this.app, file.stub, {
        ...file.state,
        access,
        // Every request of the starter test carries the token of a caller the endpoint admits.
        bearer: access.authenticated ? '.bearerToken(token)' : '',
      })
      plan.createRendered(rendered)
    }
    if (access.permission) {
      const permission = access.permission
      await plan.edit(
        module.registrationFile,
        async (source) =>
          declarePermissions(
            (await this.plannedSource(module.registrationFile)) ?? source,
            module.registrationFile,
            [permission]
          ),
        { recorded: true }
      )
    }
    return plan
  }

  /** The api/ subfolder of --api-version (v2, v2_1), after checking the module declares it. */
  private async versionFolder(module: ModuleTarget) {
    if (this.apiVersion === undefined) return undefined
    const version = parseApiVersion(this.apiVersion)
    if (!version)
      throw new ScaffoldError(
        `--api-version "${this.apiVersion}" is not an API version: write e.g. 2.0`
      )
    const { versions } = await moduleVersions(module)
    if (!versions.includes(version)) {
      throw new ScaffoldError(
        `The ${module.pascal} module does not declare API version ${version}`,
        `Declare it first: node ace add-api-version ${module.pascal} ${version}`
      )
    }
    return { folder: versionFolder(version), segment: versionSegment(version) }
  }

  protected recipe(): Recipe | undefined {
    const option = (flag: string, value: string | undefined) =>
      value === undefined ? [] : [flag, value]
    return {
      moduleRoot: this.#moduleRoot!,
      key: `add-endpoint ${this.name}${this.apiVersion ? ` ${this.apiVersion}` : ''}`,
      argv: [
        'add-endpoint',
        this.name,
        '--module',
        this.module!,
        ...option('--method', this.method),
        ...option('--route', this.route),
        ...option('--command', this.command),
        ...option('--query', this.query),
        ...option('--result-type', this.resultType),
        ...option('--api-version', this.apiVersion),
        ...option('--permission', this.permission),
        ...(this.public ? ['--public'] : []),
      ],
    }
  }

  protected nextSteps(): string[] {
    return [
      'Restart the app (or let `node ace serve --watch` do it) and call the endpoint',
      ...(this.#withoutSuccessTests
        ? [
            'Its starter test has no success-path case: tests/bootstrap.ts does not migrate the database before the tests (add `await testUtils.db().migrate()` to runnerHooks.setup, as apps made by init do, and run add-endpoint again with --force)',
          ]
        : []),
    ]
  }
}
