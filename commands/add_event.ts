import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import { entityFields } from '../app/scaffolding/crud.js'
import { entityNames } from '../app/scaffolding/entity_names.js'
import type { PropertySpec } from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, snakeCase } from '../app/scaffolding/names.js'
import {
  entityPayload,
  parsePayloadProperties,
  payloadPropertiesTag,
  type PayloadProperties,
} from '../app/scaffolding/payload_properties.js'
import {
  contractKitImports,
  PAYLOAD_ID_RULE,
  PAYLOAD_VERSION_RULE,
  payloadRule,
} from '../app/scaffolding/payload_schema.js'
import {
  assertPreviousVersion,
  eventVersionNames,
  parseEventVersion,
  type EventVersionNames,
} from '../app/scaffolding/event_version.js'
import { addPublishedContract } from '../app/scaffolding/publishes_codemod.js'
import { publishWithCause } from '../app/scaffolding/publisher_cause_codemod.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { loadEntityDefinitions } from '../app/scaffolding/schema_snapshot.js'

/** One field of the payload: in its interface, and its rule in the contract's schema. */
interface PayloadField {
  field: string
  optional: boolean
  jsonType: string
  rule: string
}

/** Integration events travel as JSON: dates are ISO 8601 strings. */
function jsonType(spec: PropertySpec): string {
  return spec.type === 'date' || spec.type === 'datetime'
    ? 'string'
    : spec.tsType.replace(' | null', '')
}

const ID_FIELD: PayloadField = {
  field: 'id',
  optional: false,
  jsonType: 'string',
  rule: PAYLOAD_ID_RULE,
}

const VERSION_FIELD: PayloadField = {
  field: 'version',
  optional: false,
  jsonType: 'number',
  rule: PAYLOAD_VERSION_RULE,
}

/** The domain events of a generated aggregate, each carrying its snapshot. */
const CHANGES = ['Created', 'Updated', 'Deleted']

export default class AddEvent extends ScaffoldCommand {
  static commandName = 'add-event'
  static description =
    "Create an integration event contract in a module's integration layer (--from: and publish it from a domain event)"

  @args.string({ description: 'The event name in PascalCase, past tense, e.g. ProductCreated' })
  declare name: string

  @flags.string({ description: 'The publishing module, e.g. Catalog' })
  declare module?: string

  @flags.string({
    description: 'Its payload: "Id:uuid,Name:string,Price:decimal" (? = optional)',
  })
  declare properties?: string

  @flags.string({
    description:
      "Publish it whenever this domain event is raised: an aggregate's <Entity>Created, <Entity>Updated or <Entity>Deleted, whose data is the payload",
  })
  declare from?: string

  @flags.number({
    description:
      'A new version of an existing event, published beside the previous one: 2, 3, … (default 1)',
  })
  declare version?: number

  #module?: ModuleTarget
  #names?: EventVersionNames

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    assertPascalCaseName(this.name, 'event')
    if (this.from !== undefined && this.properties !== undefined) {
      throw new ScaffoldError(
        '--from and --properties cannot be combined',
        `The payload of an event published from ${this.from} is the data of the entity`
      )
    }
    const version = parseEventVersion(this.version)
    assertPreviousVersion(module.root, module.pascal, this.name, version)
    const names = eventVersionNames(this.name, version)
    this.#names = names
    const contractFile = join(module.root, 'integration', `${names.snake}.ts`)
    if (existsSync(contractFile) && !this.force) {
      throw new ScaffoldError(
        version === 1
          ? `The event ${this.name} already exists in the ${module.pascal} module`
          : `The event ${this.name} already has version ${version} in the ${module.pascal} module (integration/${names.snake}.ts)`,
        version === 1
          ? 'Use --force to overwrite it, or add a new version of it: --version 2'
          : `Use --force to overwrite it, or add version ${version + 1}`
      )
    }
    const state = {
      moduleRoot: module.root,
      name: names.name,
      camel: names.camel,
      snake: names.snake,
      type: `${module.folder}.${snakeCase(this.name)}`,
      version,
    }
    const plan = new FilePlan(this.app.makePath())
    // The module declares what it publishes: its AsyncAPI document and its gate read that list.
    await plan.edit(
      module.registrationFile,
      (source) =>
        addPublishedContract(source, module.registrationFile, {
          name: names.contract,
          from: `../integration/${names.snake}.js`,
        }),
      { recorded: true }
    )

    if (this.from === undefined) {
      const payload = parsePayloadProperties(this.properties)
      const fields = payload.properties.map((spec) => ({
        field: spec.field,
        optional: spec.optional,
        jsonType: jsonType(spec),
        rule: payloadRule(spec.definition, spec.optional ? 'optional' : 'required'),
      }))
      const keys = [
        ...(payload.hasId ? [ID_FIELD] : []),
        ...(payload.hasVersion ? [VERSION_FIELD] : []),
      ]
      await this.#contract(plan, state, payload, [...keys, ...fields])
      return plan
    }

    const { entity, change } = await this.#sourceEntity(module, this.from)
    const entityNaming = entityNames(entity.name)
    // Every property travels, null when the entity has none: the payload is the entity's DTO.
    const fields = entityFields(entity, entityNaming.variable)
    await this.#contract(plan, state, entityPayload(entity), [
      ID_FIELD,
      VERSION_FIELD,
      ...fields.map((field) => {
        const property = entity.properties[field.field]
        return {
          field: field.field,
          optional: false,
          jsonType: field.dtoType,
          rule: payloadRule(property, property.optional ? 'nullable' : 'required'),
        }
      }),
    ])
    const handlerFile = join(
      module.root,
      'infrastructure',
      `publish_${names.snake}_event_handler.ts`
    )
    if (existsSync(handlerFile) && !this.force) {
      throw new ScaffoldError(
        `The ${module.pascal} module already publishes ${this.name} (${handlerFile.slice(module.root.length + 1)})`,
        'Use --force to overwrite it'
      )
    }
    const handler = await renderStub(this.app, 'event/publisher_handler.stub', {
      ...state,
      domainEvent: this.from,
      domainEventFile: snakeCase(this.from),
      verb: change.toLowerCase(),
      entity: entityNaming,
      fields,
    })
    plan.createRendered(handler)
    await this.#earlierPublishersWithCause(plan, module, version)
    return plan
  }

  /**
   * The generated publishers of the earlier versions pass `{ cause: event }`, so that every
   * version published for one domain event shares its event id (publishers generated before
   * versions could evolve pass none).
   */
  async #earlierPublishersWithCause(plan: FilePlan, module: ModuleTarget, version: number) {
    for (let earlier = 1; earlier < version; earlier++) {
      const names = eventVersionNames(this.name, earlier)
      const file = join(module.root, 'infrastructure', `publish_${names.snake}_event_handler.ts`)
      if (!existsSync(file)) continue
      await plan.edit(file, (source) => publishWithCause(source, file, names.contract))
    }
  }

  async #contract(
    plan: FilePlan,
    state: Record<string, unknown>,
    payload: PayloadProperties,
    fields: PayloadField[]
  ) {
    const rendered = await renderStub(this.app, 'event/contract.stub', {
      ...state,
      fields,
      kitImports: contractKitImports(fields.map((field) => field.rule)).join(', '),
      propertiesTag: payloadPropertiesTag(payload),
    })
    plan.createRendered(rendered)
  }

  /**
   * The aggregate whose generated `<Entity>Created`, `<Entity>Updated` or `<Entity>Deleted`
   * domain event `--from` names, and which of the three it is.
   */
  async #sourceEntity(
    module: ModuleTarget,
    domainEvent: string
  ): Promise<{ entity: EntityDefinition; change: string }> {
    assertPascalCaseName(domainEvent, 'event')
    const match = /^([A-Z][A-Za-z0-9]*?)(Created|Updated|Deleted)$/.exec(domainEvent)
    const definitions = await loadEntityDefinitions(module.root)
    const entity = definitions.find((definition) => definition.name === match?.[1])
    if (!match || !entity) {
      const raised = definitions
        .filter((d) => d.aggregate)
        .flatMap((d) => CHANGES.map((change) => `${d.name}${change}`))
      throw new ScaffoldError(
        `The ${module.pascal} module has no generated domain event ${domainEvent}`,
        raised.length > 0
          ? `--from takes an aggregate's Created, Updated or Deleted event: ${raised.join(', ')}`
          : `--from takes an aggregate's Created, Updated or Deleted event; create one: node ace add-entity <Name> --module ${module.pascal} --aggregate --properties "…"`
      )
    }
    if (!entity.aggregate) {
      throw new ScaffoldError(
        `${entity.name} is not an aggregate, so it raises no ${domainEvent}`,
        `Make it one: node ace add-entity ${entity.name} --module ${module.pascal} --aggregate --force --properties "…"`
      )
    }
    if (!existsSync(join(module.root, 'domain', `${snakeCase(domainEvent)}.ts`))) {
      throw new ScaffoldError(
        `${entity.name} has no domain/${snakeCase(domainEvent)}.ts`,
        `Bring the entity's files up to date: node ace sync-entity ${entity.name} --module ${module.pascal}`
      )
    }
    return { entity, change: match[2] }
  }

  protected nextSteps(): string[] {
    const module = this.#module!
    const names = this.#names!
    const publish =
      names.version === 1
        ? `Publish it from a domain event handler: outbox.publish(${names.contract}, payload, { cause: event })`
        : `Publish it beside version ${names.version - 1}, with the same cause so both share the event id: outbox.publish(${names.contract}, payload, { cause: event })`
    const steps = this.from === undefined ? [publish] : []
    if (names.version === 1) {
      return [
        ...steps,
        `Consume it in another module: node ace add-consumer ${this.name} --module <Other> --from ${module.pascal} (--read-model keeps a table of it)`,
      ]
    }
    const older = eventVersionNames(this.name, names.version - 1).contract
    return [
      ...steps,
      `Move each consumer over: static consumes = ${names.contract}, and static upcasters = [upcast(${older}, ${names.contract}, (old) => ({ ...old, … }))] while version ${names.version - 1} events still come (docs/messaging.md, "Evolving an event")`,
      `Retire version ${names.version - 1} once no consumer reads it: remove ${older} from publishes and its publisher, then accept the change to docs/asyncapi/${module.folder}.json`,
    ]
  }
}
