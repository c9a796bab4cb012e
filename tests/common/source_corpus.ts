import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'

/**
 * Every TypeScript source of the reference app, the generators' golden files and the kit's own
 * scaffolding and building blocks: what the source readers read, and a wide range of other
 * syntax. The specs that hold two readers of one question to the same answers read them all.
 */
export async function sourceCorpus(): Promise<Array<{ path: string; source: string }>> {
  const roots = ['modules', 'tests/fixtures/golden', 'app/scaffolding', 'app/building_blocks']
  const files: Array<{ path: string; source: string }> = []
  for (const root of roots) {
    const entries = await readdir(app.makePath(root), { recursive: true, withFileTypes: true })
    for (const entry of entries) {
      if (!entry.isFile() || !/\.ts(\.golden)?$/.test(entry.name)) continue
      const path = join(entry.parentPath, entry.name)
      files.push({ path, source: await readFile(path, 'utf8') })
    }
  }
  return files
}
