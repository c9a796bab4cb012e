import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { marksDeliberateEdit } from '../scaffolding/edit_mark.js'
import { handEdited, readGeneratedFiles } from '../scaffolding/generated_files.js'
import { entityNames } from '../scaffolding/entity_names.js'
import { loadEntityDefinitions } from '../scaffolding/schema_snapshot.js'
import { registeredModules, type AppModule } from './app_modules.js'
import type { DoctorCheck, DoctorContext, Finding } from './doctor_check.js'

/**
 * Generated files whose text is meant to change after they are written, and that sync-entity
 * never regenerates: those the scaffolding commands edit in place (registration class, API
 * versions, index, an event's publisher; their recorded hash is of what was first written, or
 * of the registration class as a command last edited it while nobody had) and
 * the entity definitions, which the user edits to change an entity. A difference there says
 * nothing.
 */
const EDITED_AFTERWARDS = [
  /^infrastructure\/[^/]+_(module|api_versions|index)\.ts$/,
  /^infrastructure\/publish_[^/]+_event_handler\.ts$/,
  /^domain\/[^/]+_definition\.ts$/,
]

/**
 * A module's generated file edited by hand: its path in the module, the entity whose sync
 * writes it, and whether its first line says why (edit_mark.ts), which makes the edit known.
 */
interface EditedFile {
  file: string
  entity?: string
  marked: boolean
}

/**
 * The module's generated files (generated_files.json) whose text no longer has the hash recorded
 * when a generator wrote them. A file deleted since is not reported: sync-entity leaves deleted
 * files deleted, on purpose.
 */
async function handEditedFiles(module: AppModule): Promise<Map<string, EditedFile>> {
  const record = await readGeneratedFiles(module.root)
  const edited = new Map<string, EditedFile>()
  for (const file of Object.keys(record.files).sort()) {
    const path = join(module.root, file)
    if (!existsSync(path) || EDITED_AFTERWARDS.some((pattern) => pattern.test(file))) continue
    const text = await readFile(path, 'utf8')
    if (handEdited(record, file, text) !== undefined) {
      edited.set(file, { file, marked: marksDeliberateEdit(text) })
    }
  }
  return edited
}

/**
 * The generated files that sync-entity would rewrite for `entity` and that nobody edited: the
 * definition changed since they were generated. Marks the edited ones it would rewrite with the
 * entity, so their finding can name it.
 */
async function staleFiles(
  context: DoctorContext,
  module: AppModule,
  entity: string,
  generated: Set<string>,
  edited: Map<string, EditedFile>
): Promise<string[]> {
  const stale: string[] = []
  for (const [path, text] of await context.entitySync(module.pascal, entity)) {
    const file = relative(module.root, path).split(sep).join('/')
    if (file.startsWith('..') || !existsSync(path)) continue
    const handEditedFile = edited.get(file)
    if (handEditedFile) {
      edited.set(file, { ...handEditedFile, entity })
      continue
    }
    // A file no generator wrote is the user's: sync-entity leaves it alone.
    if (!generated.has(file)) continue
    if ((await readFile(path, 'utf8')) !== text) stale.push(file)
  }
  return stale.sort()
}

function staleFinding(module: AppModule, entity: string, files: string[]): Finding {
  const definition = `modules/${module.folder}/domain/${entityNames(entity).snake}_definition.ts`
  return {
    severity: 'error',
    message: `${files.length} file(s) generated from the ${entity} entity no longer match its definition (${definition}): sync-entity is due (${files.map((file) => `modules/${module.folder}/${file}`).join(', ')})`,
    fix: `node ace sync-entity ${entity} --module ${module.pascal}`,
  }
}

function editedFinding(module: AppModule, { file, entity }: EditedFile): Finding {
  const path = `modules/${module.folder}/${file}`
  if (entity === undefined) {
    return {
      severity: 'warning',
      message: `${path} was edited by hand since it was generated (no sync-entity run rewrites it)`,
      fix: 'keep the edit (no command rewrites this file), or restore the generated text from version control',
    }
  }
  return {
    severity: 'warning',
    message: `${path} was edited by hand since it was generated: sync-entity ${entity} skips it, so it does not follow changes to the ${entity} definition`,
    fix: `keep the edit and bring the file up to date with the definition by hand, or drop the edit and regenerate it: node ace sync-entity ${entity} --module ${module.pascal} --force (overwrites ${path})`,
  }
}

/**
 * Generated files against what generated them: a file that sync-entity would rewrite and that
 * nobody edited is stale (its entity's definition changed since: an error, sync-entity is due);
 * a file whose text is no longer what a generator wrote was edited by hand (a warning: it is
 * kept, and sync-entity skips it unless --force), unless its first line says why.
 */
export const generatedFilesCheck: DoctorCheck = {
  id: 'generated-files',
  title: 'Generated files: stale against their definition, or edited by hand',
  async run(context) {
    const findings: Finding[] = []
    for (const module of await registeredModules(context.appRoot)) {
      const edited = await handEditedFiles(module)
      const definitions = await loadEntityDefinitions(module.root)
      const record = await readGeneratedFiles(module.root)
      const generated = new Set(Object.keys(record.files))
      for (const entity of definitions.map((definition) => definition.name).sort()) {
        const stale = await staleFiles(context, module, entity, generated, edited)
        if (stale.length > 0) findings.push(staleFinding(module, entity, stale))
      }
      for (const file of edited.values()) {
        if (!file.marked) findings.push(editedFinding(module, file))
      }
    }
    return findings
  },
}
