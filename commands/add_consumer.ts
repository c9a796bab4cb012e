import { existsSync, globSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, camelCase, snakeCase } from '../app/scaffolding/names.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'

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

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    assertPascalCaseName(this.event, 'event')
    const snake = snakeCase(this.event)
    const publisher = this.publisherOf(snake, module)
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
      moduleTitle: module.title,
      name: this.event,
      camel: camelCase(this.event),
      snake,
      publisher,
      type: `${publisher}.${snake}`,
    }
    const plan = new FilePlan(this.app.makePath())
    for (const stub of ['consumer', 'consumer_test']) {
      const rendered = await renderStub(this.app, `event/${stub}.stub`, state)
      plan.create(rendered.destination, rendered.contents)
    }
    return plan
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
    return ['Write its effect in handle(); until then deliveries fail and become dead letters']
  }
}
