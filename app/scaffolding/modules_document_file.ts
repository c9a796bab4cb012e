import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readModuleInventory } from './module_inventory.js'
import { renderModulesDocument } from './modules_document.js'
import { MODULES_DOCUMENT_PATH } from './modules_document_path.js'

/**
 * docs/modules.md of the app as its modules are now, and what the file holds today (undefined
 * when there is none).
 */
export async function modulesDocumentFile(
  appRoot: string
): Promise<{ path: string; expected: string; current: string | undefined }> {
  const path = join(appRoot, MODULES_DOCUMENT_PATH)
  const expected = renderModulesDocument(await readModuleInventory(appRoot))
  const current = existsSync(path) ? await readFile(path, 'utf8') : undefined
  return { path, expected, current }
}

/**
 * After a scaffolding command changed the modules: rewrites docs/modules.md where the app keeps
 * one that no longer describes them, so that the app's own test of the file keeps passing without
 * a `node ace docs:modules` after every command. An app without the file is left without it.
 * Whether it was rewritten.
 */
export async function refreshModulesDocument(appRoot: string): Promise<boolean> {
  if (!existsSync(join(appRoot, MODULES_DOCUMENT_PATH))) return false
  const { path, expected, current } = await modulesDocumentFile(appRoot)
  if (current === expected) return false
  await writeFile(path, expected)
  return true
}
