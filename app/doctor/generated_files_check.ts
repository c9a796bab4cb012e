import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { handEdited, readGeneratedFiles } from '../scaffolding/generated_files.js'
import { registeredModules } from './app_modules.js'
import type { DoctorCheck, Finding } from './doctor_check.js'

/**
 * Files that the scaffolding commands edit in place after writing them (registration class, API
 * versions, index, an event's publisher): their recorded hash is of what was first written, and
 * sync-entity never regenerates them, so a difference there says nothing.
 */
const EDITED_BY_COMMANDS = [
  /^infrastructure\/[^/]+_(module|api_versions|index)\.ts$/,
  /^infrastructure\/publish_[^/]+_event_handler\.ts$/,
]

/**
 * Generated files whose text no longer has the hash recorded in the module's
 * generated_files.json: edited by hand, so sync-entity will leave them alone. A file deleted
 * since is not reported: sync-entity leaves deleted files deleted, on purpose.
 */
export const generatedFilesCheck: DoctorCheck = {
  id: 'generated-files',
  title: 'Generated files edited by hand',
  async run({ appRoot }) {
    const findings: Finding[] = []
    for (const module of await registeredModules(appRoot)) {
      const record = await readGeneratedFiles(module.root)
      for (const file of Object.keys(record.files).sort()) {
        const path = join(module.root, file)
        if (!existsSync(path) || EDITED_BY_COMMANDS.some((edited) => edited.test(file))) continue
        if (handEdited(record, file, await readFile(path, 'utf8')) === undefined) continue
        findings.push({
          severity: 'warning',
          message: `modules/${module.folder}/${file} was edited by hand since it was generated: sync-entity will not update it`,
          fix: `keep the edit, or regenerate it (the edit is lost): node ace sync-entity <Entity> --module ${module.pascal} --force`,
        })
      }
    }
    return findings
  },
}
