import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { args, flags } from '@adonisjs/core/ace'
import { FilePlan } from '../app/scaffolding/file_plan.js'
import { existingModule, type ModuleTarget } from '../app/scaffolding/module_target.js'
import { assertPascalCaseName, assertTableName, snakeCase } from '../app/scaffolding/names.js'
import { renderStub } from '../app/scaffolding/render_stub.js'
import { ScaffoldCommand } from '../app/scaffolding/scaffold_command.js'
import { pendingNotedRenames, readRenames } from '../app/scaffolding/column_renames.js'
import { renderSchemaSteps } from '../app/scaffolding/migration_steps.js'
import { diffSchemas } from '../app/scaffolding/schema_diff.js'
import {
  loadEntityDefinitions,
  notedRenames,
  readSnapshot,
  referredTables,
  schemaFromDefinitions,
  serializeSnapshot,
  snapshotPath,
} from '../app/scaffolding/schema_snapshot.js'

export default class AddMigration extends ScaffoldCommand {
  static commandName = 'add-migration'
  static description =
    "Write the migration that brings a module's tables in line with its entity definitions"

  @args.string({ description: 'What the migration does, in PascalCase, e.g. AddProducts' })
  declare name: string

  @flags.string({ description: 'The module, e.g. Catalog' })
  declare module?: string

  @flags.array({
    description:
      'A property renamed in its definition, whose column keeps its values: Product.Name:Title (repeatable)',
  })
  declare rename?: string[]

  #module?: ModuleTarget
  #nothingToDo = false
  #notes: string[] = []

  protected async plan(): Promise<FilePlan> {
    const module = existingModule(this.app, this.module)
    this.#module = module
    assertPascalCaseName(this.name, 'migration')

    const before = await readSnapshot(module.root)
    const after = await schemaFromDefinitions(module.root, module.folder)
    // Only a table still to be created: one that exists already keeps its name.
    for (const [table, { entity }] of Object.entries(after.tables)) {
      if (!before.tables[table]) assertTableName(table, `the entity ${entity}`)
    }
    const renames = readRenames(this.rename ?? [], before, after)
    // A rename noted in a definition (renamedFrom) counts as one given with --rename.
    const noted = pendingNotedRenames(
      notedRenames(await loadEntityDefinitions(module.root)),
      before,
      after
    )
    for (const rename of readRenames(noted, before, after)) {
      const given = renames.some((r) => r.table === rename.table && r.from === rename.from)
      if (!given) renames.push(rename)
    }
    const changes = diffSchemas(before, after, renames)
    this.#notes = changes.notes
    const plan = new FilePlan(this.app.makePath())
    if (changes.up.length === 0) {
      this.#nothingToDo = true
      return plan
    }

    const folder = join(module.root, 'infrastructure', 'database', 'migrations')
    // Named here, not in the stub: the timestamp orders the module's migrations.
    const destination = join(folder, `${Date.now()}_${snakeCase(this.name)}.ts`)
    // A change to a table others refer to: SQLite rebuilds it, which its foreign keys would
    // refuse or cascade (ForeignKeySafeSchema).
    const referred = referredTables(before, after)
    const altersReferred = [...changes.up, ...changes.down].some(
      (step) => step.call !== 'createTable' && step.call !== 'dropTable' && referred.has(step.table)
    )
    const migration = await renderStub(this.app, 'migration/migration.stub', {
      destination,
      base: altersReferred
        ? { name: 'ForeignKeySafeSchema', from: '@pantheon/kit/persistence' }
        : { name: 'BaseSchema', from: '@adonisjs/lucid/schema' },
      description: this.name.replace(/([a-z0-9])([A-Z])/g, '$1 $2'),
      origin: `computed by add-migration from the ${module.title} module's entity definitions`,
      up: renderSchemaSteps(changes.up),
      down: renderSchemaSteps(changes.down),
    })
    plan.createRendered(migration)

    const snapshotFile = snapshotPath(module.root)
    const snapshot = serializeSnapshot(after)
    if (existsSync(snapshotFile))
      await plan.edit(snapshotFile, () => snapshot, { houseStyle: true })
    else plan.create(snapshotFile, snapshot, { houseStyle: true })
    return plan
  }

  async run(): Promise<void> {
    await super.run()
    if (this.exitCode !== 1 && !this.json) {
      for (const note of this.#notes) this.logger.warning(note)
    }
    if (this.#nothingToDo && this.exitCode !== 1 && !this.json) {
      this.logger.info(
        `Nothing changed in the ${this.#module!.pascal} module's entities: no migration written`
      )
    }
  }

  protected nextSteps(): string[] {
    if (this.#nothingToDo) return []
    // Printed as warnings otherwise (see run()); --json carries them here.
    const notes = this.json ? this.#notes : []
    return [...notes, 'Apply it: node ace migration:run (or restart the app in development)']
  }
}
