import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import type { EntityDefinition } from '../app/building_blocks/domain/entity_definition.js'
import { entityNames } from '../app/scaffolding/entity_names.js'
import {
  entityToRender,
  planRepositoryRegistration,
  renderEntityFiles,
} from '../app/scaffolding/entity_files.js'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { camelCase, pascalCase } from '../app/scaffolding/names.js'
import { followRenames, missingReads, publisherFiles } from '../app/scaffolding/publisher_fields.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { ScaffoldError } from '../app/scaffolding/scaffold_error.js'
import { diffSchemas } from '../app/scaffolding/schema_diff.js'
import {
  loadEntityDefinitions,
  readSnapshot,
  schemaFromDefinitions,
  tableName,
} from '../app/scaffolding/schema_snapshot.js'
import { planAggregateFiles, planEntityUseCases } from './_entity_sync.js'

export default class SyncEntity extends ScaffoldCommand {
  static commandName = 'sync-entity'
  static description =
    'Bring every file generated from an entity up to date with its definition (domain/<entity>_definition.ts); files edited by hand are skipped unless --force'

  @args.string({ description: 'The entity name in PascalCase, e.g. Product' })
  declare name: string

  @flags.string({ description: 'The module it belongs to, e.g. Catalog' })
  declare module?: string

  @flags.array({
    description:
      'A property renamed in the definition: Name:Title (repeatable). Event publishers read the new field for the same contract field',
  })
  declare rename?: string[]

  #module?: ModuleTarget
  #tableChanged = false
  #notes: string[] = []

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    const definitions = await loadEntityDefinitions(module.root)
    const definition = definitions.find((candidate) => candidate.name === this.name)
    if (!definition) {
      const known = definitions.map((candidate) => candidate.name).sort()
      throw new ScaffoldError(
        `The ${module.pascal} module has no entity ${this.name} (no definition in domain/${entityNames(this.name).snake}_definition.ts)`,
        known.length > 0
          ? `Its entities: ${known.join(', ')}`
          : `Create it first: node ace add-entity ${this.name} --module ${module.pascal} --properties "Name:string"`
      )
    }

    const plan = new FilePlan(this.app.makePath())
    const files = await renderEntityFiles(this.app, module, entityToRender(definition), {
      withDefinition: false,
    })
    for (const file of files) plan.generateRendered(file)
    if (definition.partOf === undefined) {
      await planRepositoryRegistration(plan, module, definition.name)
      await planEntityUseCases(this, plan, module, definition, definitions)
      await this.planPublishers(plan, module, definition)
    } else {
      // A part lives in its aggregate's files: they follow it.
      const aggregate = definitions.find((candidate) => candidate.name === definition.partOf)!
      await planAggregateFiles(this, plan, module, aggregate, definitions)
    }

    const table = tableName(module.folder, definition.name)
    const changes = diffSchemas(
      await readSnapshot(module.root),
      await schemaFromDefinitions(module.root, module.folder)
    )
    this.#tableChanged = changes.up.some((step) => step.table === table)
    return plan
  }

  /**
   * The entity's event publishers follow a rename (`--rename Name:Title`): they read the new
   * field for the contract field they filled before, since the contract is what other modules
   * read. A publisher still reading a field the entity no longer has is named.
   */
  private async planPublishers(plan: FilePlan, module: ModuleTarget, definition: EntityDefinition) {
    const names = entityNames(definition.name)
    const entity = { pascal: names.pascal, camel: names.camel }
    const fields = new Set(['id', 'version', ...Object.keys(definition.properties)])
    const renames = readFieldRenames(this.rename ?? [], definition)
    // A rename noted in the definition (renamedFrom) counts as one given with --rename.
    for (const [field, property] of Object.entries(definition.properties)) {
      if (property.renamedFrom !== undefined && !renames.has(property.renamedFrom)) {
        renames.set(property.renamedFrom, field)
      }
    }
    for (const file of publisherFiles(module.root)) {
      const source = await readFile(file, 'utf8')
      const followed = renames.size > 0 ? await followRenames(source, entity, renames) : undefined
      if (followed !== undefined) plan.generate(file, followed)
      for (const field of await missingReads(followed ?? source, entity, fields)) {
        this.#notes.push(
          `${relative(this.app.makePath(), file)} reads ${names.camel}.${field}, which ${names.pascal} no longer has: if it was renamed, run sync-entity again with --rename ${pascalCase(field)}:<NewName>; otherwise edit the publisher (the event's contract is unchanged)`
        )
      }
    }
  }

  async run(): Promise<void> {
    await super.run()
    if (this.exitCode !== 1 && !this.json) {
      for (const note of this.#notes) this.logger.warning(note)
    }
  }

  protected nextSteps(): string[] {
    const notes = this.json ? this.#notes : []
    if (!this.#tableChanged) return notes
    const module = this.#module!
    const renames = (this.rename ?? []).map((rename) => ` --rename ${this.name}.${rename}`).join('')
    return [
      ...notes,
      `Its table no longer matches the definition: node ace add-migration Change${this.name} --module ${module.pascal}${renames}`,
      'Apply it: node ace migration:run',
    ]
  }
}

/** `--rename Name:Title` read against the definition: the old field to the new one. */
function readFieldRenames(values: string[], definition: EntityDefinition): Map<string, string> {
  const renames = new Map<string, string>()
  for (const value of values) {
    const match = /^([A-Z][A-Za-z0-9]*):([A-Z][A-Za-z0-9]*)$/.exec(value.trim())
    if (!match) {
      throw new ScaffoldError(
        `--rename ${value} is not a rename`,
        'Write the property and its new name in PascalCase: --rename Name:Title'
      )
    }
    const [from, to] = [camelCase(match[1]), camelCase(match[2])]
    if (from in definition.properties || !(to in definition.properties)) {
      throw new ScaffoldError(
        `--rename ${value}: the definition of ${definition.name} should have ${to} and no longer ${from}`,
        `Rename the property in domain/${entityNames(definition.name).snake}_definition.ts first`
      )
    }
    renames.set(from, to)
  }
  return renames
}
