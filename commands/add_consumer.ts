import { existsSync, globSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { renderSchemaSteps } from '../app/scaffolding/migration_steps.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import {
  assertPascalCaseName,
  assertTableName,
  camelCase,
  moduleNames,
  snakeCase,
} from '../app/scaffolding/names.js'
import {
  PAYLOAD_PROPERTIES_TAG,
  parsePayloadProperties,
  readPayloadPropertiesTag,
} from '../app/scaffolding/payload_properties.js'
import { eventSubject, readModelPlan } from '../app/scaffolding/read_model.js'
import { planRepositoryBinding } from '../app/scaffolding/register_repository.js'
import {
  eventVersionNames,
  parseEventVersion,
  type EventVersionNames,
} from '../app/scaffolding/event_version.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { diffSchemas } from '../app/scaffolding/schema_diff.js'

/** A module's name as written (OrderItems), from its registration class; its folder is order_items. */
function modulePascalName(root: string, folder: string): string {
  const registration = join(root, 'infrastructure', `${folder}_module.ts`)
  const declared = existsSync(registration)
    ? /export default class ([A-Z][A-Za-z0-9]*)Module\b/.exec(readFileSync(registration, 'utf8'))
    : null
  return (
    declared?.[1] ??
    folder.replace(/(?:^|_)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
  )
}

export default class AddConsumer extends ScaffoldCommand {
  static commandName = 'add-consumer'
  static description =
    "Create a consumer of another module's integration event (found and subscribed automatically)"

  @args.string({ description: 'The event, e.g. ProductCreated' })
  declare event: string

  @flags.string({ description: 'The consuming module, e.g. Orders' })
  declare module?: string

  @flags.string({ description: 'The publishing module (found by searching when omitted)' })
  declare from?: string

  @flags.boolean({
    description:
      "Keep a copy of the event's subject in this module: its table, migration, repository, query and GET endpoint",
  })
  declare readModel?: boolean

  @flags.number({ description: 'The version of the event it applies (default 1)' })
  declare version?: number

  @flags.number({
    description:
      'Also read this older version, turned into --version by an upcaster (e.g. --version 2 --upcast-from 1)',
  })
  declare upcastFrom?: number

  #readModelRoute?: string
  #upcasting = false

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    assertPascalCaseName(this.event, 'event')
    const snake = snakeCase(this.event)
    const { consumed, older } = this.#versions()
    const publisher = this.publisherOf(consumed.snake, module)
    if (older) this.#assertPublished(publisher, older)
    if (
      existsSync(join(module.root, 'infrastructure', 'consumers', `${snake}_consumer.ts`)) &&
      !this.force
    ) {
      throw new ScaffoldError(
        `The ${module.pascal} module already consumes ${this.event}`,
        'Use --force to overwrite it'
      )
    }
    const state = {
      moduleRoot: module.root,
      moduleFolder: module.folder,
      moduleTitle: module.title,
      name: this.event,
      camel: camelCase(this.event),
      snake,
      publisher,
      type: `${publisher}.${snake}`,
    }
    const plan = new FilePlan(this.app.makePath())
    if (this.readModel) {
      await this.#planReadModel(plan, module, state)
      return plan
    }
    // One consumer (one name, one inbox) whatever versions it reads: moving it from version 1 to
    // 2 (--force) keeps the record of the events it applied, so none is applied twice.
    const versionState = {
      ...state,
      version: consumed.version,
      contract: consumed.contract,
      payload: `${consumed.name}Payload`,
      contractFile: consumed.snake,
      upcast: older && {
        version: older.version,
        contract: older.contract,
        payload: `${older.name}Payload`,
        file: older.snake,
      },
    }
    for (const stub of ['consumer', 'consumer_test']) {
      const rendered = await renderStub(this.app, `event/${stub}.stub`, versionState)
      plan.createRendered(rendered)
    }
    return plan
  }

  /** The version consumed (--version) and the older one it upcasts (--upcast-from), checked. */
  #versions(): { consumed: EventVersionNames; older?: EventVersionNames } {
    const version = parseEventVersion(this.version)
    const upcastFrom =
      this.upcastFrom === undefined ? undefined : parseEventVersion(this.upcastFrom)
    if (this.readModel && (version !== 1 || upcastFrom !== undefined)) {
      throw new ScaffoldError(
        '--read-model keeps a copy of version 1 of an event; --version and --upcast-from are for a plain consumer',
        'Generate a plain consumer of the newer version and write its effect on the read model by hand'
      )
    }
    if (upcastFrom !== undefined && upcastFrom >= version) {
      throw new ScaffoldError(
        `--upcast-from names an older version than the one consumed: ${upcastFrom} is not older than ${version}`,
        'Consume the newer version and upcast the older one, e.g. --version 2 --upcast-from 1'
      )
    }
    this.#upcasting = upcastFrom !== undefined
    return {
      consumed: eventVersionNames(this.event, version),
      older: upcastFrom === undefined ? undefined : eventVersionNames(this.event, upcastFrom),
    }
  }

  /** The publisher still has the version to upcast from (it may have retired it already). */
  #assertPublished(publisher: string, older: EventVersionNames) {
    if (existsSync(this.app.makePath('modules', publisher, 'integration', `${older.snake}.ts`)))
      return
    throw new ScaffoldError(
      `The ${publisher} module has no version ${older.version} of ${this.event} (no integration/${older.snake}.ts) to upcast from`,
      'Consume the version it publishes, without --upcast-from'
    )
  }

  /**
   * The consumer that keeps a copy of the event's subject, and everything the copy needs: its
   * table (a migration of its own), repository (registered in the module), query, GET endpoint
   * and a test, all from the properties the contract lists in its doc tag.
   */
  async #planReadModel(plan: FilePlan, module: ModuleTarget, state: Record<string, string>) {
    const publisherRoot = this.app.makePath('modules', state.publisher)
    const contract = join(publisherRoot, 'integration', `${state.snake}.ts`)
    const tag = readPayloadPropertiesTag(readFileSync(contract, 'utf8'))
    if (tag === undefined) {
      throw new ScaffoldError(
        `The contract of ${this.event} does not list its properties (no ${PAYLOAD_PROPERTIES_TAG} tag in modules/${state.publisher}/integration/${state.snake}.ts), so its read model's columns are unknown`,
        `Add the tag to the payload's doc comment, e.g. ${PAYLOAD_PROPERTIES_TAG} Id:uuid,Name:string,Price:decimal (the syntax of --properties)`
      )
    }
    const payload = parsePayloadProperties(
      tag,
      `in the ${PAYLOAD_PROPERTIES_TAG} tag of modules/${state.publisher}/integration/${state.snake}.ts`
    )
    if (!payload.hasId) {
      throw new ScaffoldError(
        `${this.event} carries no Id, so a read model cannot tell which ${eventSubject(this.event)} an event is about`,
        `Add Id:uuid to its payload (node ace add-event ${this.event} --module <Publisher> --force --properties "Id:uuid,…")`
      )
    }
    const publisher = moduleNames(modulePascalName(publisherRoot, state.publisher))
    const model = readModelPlan(module, publisher, this.event, payload)
    assertTableName(model.table, `the read model ${model.names.pascal}`)
    const deletes = /[a-z0-9]Deleted$/.test(this.event)
    if (deletes && !model.versioned) {
      throw new ScaffoldError(
        `${this.event} carries no Version, so a read model could not tell its deletion from an older change that arrives after it`,
        `Publish it with one: node ace add-event ${this.event} --module ${publisher.pascal} --from <Entity>Deleted --force (or Version:int in its --properties)`
      )
    }
    const domainFile = join(module.root, 'domain', `${model.names.snake}.ts`)
    // Another event about the same subject made the read model already: this one writes it too.
    const joins = existsSync(domainFile) && !this.force
    if (joins) this.#assertAppliesInOrder(module, model.names, model.versioned)
    this.#readModelRoute = `/api/${module.folder}/${model.names.route}/:id`
    const readModelState = {
      ...state,
      module,
      publisherTitle: publisher.title,
      subject: eventSubject(this.event)
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .toLowerCase(),
      rm: model.names,
      table: model.table,
      tableConstant: `${snakeCase(model.names.plural).toUpperCase()}_TABLE`,
      fields: model.fields,
      persistenceHelpers: model.persistenceHelpers,
      readsWithClient: model.readsWithClient,
      versioned: model.versioned,
      deletes,
      changed: model.changed,
      // The read model's own test, or, for another event about it, one for this event's consumer.
      testName: joins ? state.snake : model.names.snake,
    }
    if (joins) {
      for (const stub of ['consumer', 'test']) {
        const rendered = await renderStub(this.app, `read_model/${stub}.stub`, readModelState)
        plan.createRendered(rendered)
      }
      return
    }
    for (const stub of [
      'read_model',
      'lucid_repository',
      'dto',
      'query',
      'handler',
      'endpoint',
      'consumer',
      'test',
    ]) {
      const rendered = await renderStub(this.app, `read_model/${stub}.stub`, readModelState)
      plan.createRendered(rendered)
    }

    const changes = diffSchemas({ tables: {} }, { tables: { [model.table]: model.schema } })
    const destination = join(
      module.root,
      'infrastructure',
      'database',
      'migrations',
      `${Date.now()}_create_${model.table}_table.ts`
    )
    const migration = await renderStub(this.app, 'migration/migration.stub', {
      destination,
      base: { name: 'BaseSchema', from: '@adonisjs/lucid/schema' },
      description: `Creates ${model.table}`,
      origin: `written by add-consumer --read-model from the payload of ${state.type}`,
      up: renderSchemaSteps(changes.up),
      down: renderSchemaSteps(changes.down),
    })
    plan.createRendered(migration)

    await planRepositoryBinding(plan, module, {
      token: `${model.names.pascal}Repository`,
      tokenImport: `../domain/${model.names.snake}.js`,
      implementation: `Lucid${model.names.pascal}Repository`,
      implementationImport: `./persistence/lucid_${model.names.snake}_repository.js`,
    })
  }

  /**
   * A read model another event made can take this event too only when both carry versions: its
   * copy then applies only what is newer, whichever event arrives first.
   */
  #assertAppliesInOrder(
    module: ModuleTarget,
    names: { pascal: string; snake: string },
    versioned: boolean
  ) {
    const repository = join(
      module.root,
      'infrastructure',
      'persistence',
      `lucid_${names.snake}_repository.ts`
    )
    const keepsVersions =
      existsSync(repository) && /\bdeleted\b/.test(readFileSync(repository, 'utf8'))
    if (versioned && keepsVersions) return
    throw new ScaffoldError(
      `The ${module.pascal} module already has a read model ${names.pascal} (domain/${names.snake}.ts), ${versioned ? 'which keeps no versions' : `and ${this.event} carries no Version`}: its copy could not apply events in order`,
      versioned
        ? 'Regenerate it from its versioned Created event with --force (its table is not changed: write a migration for its version and deleted columns)'
        : 'Use --force to regenerate it (its table is not changed: write a migration for a new column)'
    )
  }

  /** The folder of the module whose integration layer holds the contract. */
  private publisherOf(snake: string, consumer: ModuleTarget): string {
    if (this.from) {
      const publisher = existingModule(this.app, this.from)
      if (!existsSync(join(publisher.root, 'integration', `${snake}.ts`))) {
        throw new ScaffoldError(
          `The ${publisher.pascal} module publishes no ${this.event} (no integration/${snake}.ts)`
        )
      }
      if (publisher.folder === consumer.folder) {
        throw new ScaffoldError(
          "A module consumes other modules' events; react to its own with a domain event handler"
        )
      }
      return publisher.folder
    }
    const publishers = globSync(`modules/*/integration/${snake}.ts`, {
      cwd: this.app.makePath(),
    }).map((path) => path.split('/')[1])
    const found = publishers.filter((folder) => folder !== consumer.folder)
    if (found.length === 0 && publishers.length > 0) {
      throw new ScaffoldError(
        `Only the ${consumer.pascal} module itself publishes ${this.event}`,
        'React to your own events with a domain event handler'
      )
    }
    if (found.length === 0)
      throw new ScaffoldError(
        `No module publishes ${this.event}`,
        `Create it: node ace add-event ${this.event} --module <Publisher> --properties "…"`
      )
    if (found.length > 1)
      throw new ScaffoldError(
        `${this.event} is published by ${found.join(', ')}`,
        'Say which with --from'
      )
    return found[0]
  }

  protected nextSteps(): string[] {
    if (this.#readModelRoute) {
      return [
        'Create its table: node ace migration:run (or restart the app in development)',
        `Read it: GET ${this.#readModelRoute}`,
      ]
    }
    return [
      'Write its effect in handle(); until then deliveries fail and become dead letters',
      ...(this.#upcasting
        ? ['Write its upcaster (static upcasters): until then older events fail the same way']
        : []),
    ]
  }
}
