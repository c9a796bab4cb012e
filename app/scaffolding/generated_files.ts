import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { houseJson } from './house_json.js'

/**
 * What the scaffolding commands wrote into a module, kept in the module beside its code
 * (`modules/<module>/generated_files.json`, committed with it):
 * - `files`: for each file a generator wrote whole, the SHA-256 of the text it wrote. A file
 *   whose text no longer has that hash was edited by hand, and a command that regenerates it
 *   (sync-entity) leaves it alone unless told --force.
 * - `recipes`: the command line of each use case and endpoint generator (add-command, add-query,
 *   add-endpoint), so that sync-entity can run them again when the entity changes.
 * A hash of the whole text is the simplest test that still catches any edit, a reformat
 * included; it needs no marker in the generated code.
 */
export interface GeneratedFilesRecord {
  /** Path relative to the module → SHA-256 (hex) of what a generator last wrote there. */
  files: Record<string, string>
  /** A generator run's key (e.g. "add-command CreateProduct") → its arguments, flags included. */
  recipes: Record<string, string[]>
}

const GENERATED_FILES = 'generated_files.json'

export function generatedFilesPath(moduleRoot: string): string {
  return join(moduleRoot, GENERATED_FILES)
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

export async function readGeneratedFiles(moduleRoot: string): Promise<GeneratedFilesRecord> {
  const path = generatedFilesPath(moduleRoot)
  if (!existsSync(path)) return { files: {}, recipes: {} }
  const record = JSON.parse(await readFile(path, 'utf8')) as Partial<GeneratedFilesRecord>
  return { files: record.files ?? {}, recipes: record.recipes ?? {} }
}

/** Sorted keys, so that the file changes only where the generated code did. */
export function serializeGeneratedFiles(record: GeneratedFilesRecord): string {
  const sorted = <T>(entries: Record<string, T>) =>
    Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)))
  const ordered = { files: sorted(record.files), recipes: sorted(record.recipes) }
  return houseJson(ordered) ?? `${JSON.stringify(ordered, null, 2)}\n`
}

/**
 * Whether a text is what a generator last wrote at `path`, a file of the module at `moduleRoot`:
 * such a text is in the app's style, so a change in that style needs no formatting.
 */
export async function asGenerated(
  moduleRoot: string,
  path: string
): Promise<(text: string) => boolean> {
  const record = await readGeneratedFiles(moduleRoot)
  const file = relative(moduleRoot, path).split(sep).join('/')
  return (text) => handEdited(record, file, text) === undefined
}

/**
 * Why the file at `file` (relative to the module), whose text is `current`, is not what a
 * generator last wrote there; undefined when it is.
 */
export function handEdited(
  record: GeneratedFilesRecord,
  file: string,
  current: string
): string | undefined {
  const written = record.files[file]
  if (written === undefined) return `not written by a generator (no record in ${GENERATED_FILES})`
  if (written !== contentHash(current)) return 'edited since it was generated'
  return undefined
}
