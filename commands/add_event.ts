import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import { entityFields } from '../app/scaffolding/crud.js'
import { entityNames } from '../app/scaffolding/entity_names.js'
import type { PropertySpec } from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, camelCase, snakeCase } from '../app/scaffolding/names.js'
import {
  entityPayload,
  parsePayloadProperties,
  payloadPropertiesTag,
  type PayloadProperties,
} from '../app/scaffolding/payload_properties.js'
import {
  contractKitImports,
  PAYLOAD_ID_RULE,
  payloadRule,
} from '../app/scaffolding/payload_schema.js'
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
      "Publish it whenever this domain event is raised: an aggregate's <Entity>Created, whose data is the payload",
  })
  declare from?: string

  #module?: ModuleTarget

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
    const snake = snakeCase(this.name)
    const contractFile = join(module.root, 'integration', `${snake}.ts`)
    if (existsSync(contractFile) && !this.force) {
      throw new ScaffoldError(
        `The event ${this.name} already exists in the ${module.pascal} module`,
        'Use --force to overwrite it'
      )
    }
    const state = {
      moduleRoot: module.root,
      name: this.name,
      camel: camelCase(this.name),
      snake,
      type: `${module.folder}.${snake}`,
    }
    const plan = new FilePlan(this.app.makePath())

    if (this.from === undefined) {
      const payload = parsePayloadProperties(this.properties)
      const fields = payload.properties.map((spec) => ({
        field: spec.field,
        optional: spec.optional,
        jsonType: jsonType(spec),
        rule: payloadRule(spec.definition, spec.optional ? 'optional' : 'required'),
      }))
      await this.#contract(plan, state, payload, payload.hasId ? [ID_FIELD, ...fields] : fields)
      return plan
    }

    const entity = await this.#createdEntity(module, this.from)
    const names = entityNames(entity.name)
    // Every property travels, null when the entity has none: the payload is the entity's DTO.
    const fields = entityFields(entity, names.variable)
    await this.#contract(plan, state, entityPayload(entity), [
      ID_FIELD,
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
    const handlerFile = join(module.root, 'infrastructure', `publish_${snake}_event_handler.ts`)
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
      entity: names,
      fields,
    })
    plan.create(handler.destination, handler.contents)
    return plan
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
    plan.create(rendered.destination, rendered.contents)
  }

  /** The aggregate whose generated `<Entity>Created` domain event `--from` names. */
  async #createdEntity(module: ModuleTarget, domainEvent: string): Promise<EntityDefinition> {
    assertPascalCaseName(domainEvent, 'event')
    const entityName = /^([A-Z][A-Za-z0-9]*)Created$/.exec(domainEvent)?.[1]
    const definitions = await loadEntityDefinitions(module.root)
    const entity = definitions.find((definition) => definition.name === entityName)
    if (!entityName || !entity) {
      const created = definitions.filter((d) => d.aggregate).map((d) => `${d.name}Created`)
      throw new ScaffoldError(
        `The ${module.pascal} module has no generated domain event ${domainEvent}`,
        created.length > 0
          ? `--from takes an aggregate's Created event: ${created.join(', ')}`
          : `--from takes an aggregate's Created event; create one: node ace add-entity <Name> --module ${module.pascal} --aggregate --properties "…"`
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
        `Regenerate the entity: node ace add-entity ${entity.name} --module ${module.pascal} --aggregate --force --properties "…"`
      )
    }
    return entity
  }

  protected nextSteps(): string[] {
    const module = this.#module!
    const consume = `Consume it in another module: node ace add-consumer ${this.name} --module <Other> --from ${module.pascal} (--read-model keeps a table of it)`
    if (this.from !== undefined) return [consume]
    return [
      `Publish it from a domain event handler: outbox.publish(${camelCase(this.name)}Event, payload)`,
      consume,
    ]
  }
}
