import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { parseProperties, type PropertySpec } from '../app/scaffolding/entity_properties.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, camelCase, snakeCase } from '../app/scaffolding/names.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

/** Integration events travel as JSON: dates are ISO 8601 strings. */
function jsonType(spec: PropertySpec): string {
  const base =
    spec.type === 'date' || spec.type === 'datetime' ? 'string' : spec.tsType.replace(' | null', '')
  return base
}

export default class AddEvent extends ScaffoldCommand {
  static commandName = 'add-event'
  static description = "Create an integration event contract in a module's integration layer"

  @args.string({ description: 'The event name in PascalCase, past tense, e.g. ProductCreated' })
  declare name: string

  @flags.string({ description: 'The publishing module, e.g. Catalog' })
  declare module?: string

  @flags.string({ description: 'Its payload: "Id:uuid,Name:string,Price:decimal" (? = optional)' })
  declare properties?: string

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    assertPascalCaseName(this.name, 'event')
    const fields = parseProperties(this.properties).map((spec) => ({
      ...spec,
      jsonType: jsonType(spec),
    }))
    const snake = snakeCase(this.name)
    if (existsSync(join(module.root, 'integration', `${snake}.ts`)) && !this.force) {
      throw new ScaffoldError(
        `The event ${this.name} already exists in the ${module.pascal} module`,
        'Use --force to overwrite it'
      )
    }
    const rendered = await renderStub(this.app, 'event/contract.stub', {
      moduleRoot: module.root,
      name: this.name,
      camel: camelCase(this.name),
      snake,
      type: `${module.folder}.${snake}`,
      fields,
    })
    return new FilePlan(this.app.makePath()).create(rendered.destination, rendered.contents)
  }

  protected nextSteps(): string[] {
    return [
      `Publish it from a domain event handler: outbox.publish(${camelCase(this.name)}Event, payload)`,
      `Consume it in another module: node ace add-consumer ${this.name} --module <Other> --from ${this.module}`,
    ]
  }
}
