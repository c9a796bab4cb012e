import { globSync } from 'node:fs'
import { basename, join } from 'node:path'
import {
  MODULE_INDEX_SECTIONS,
  type ModuleIndex,
} from '../building_blocks/infrastructure/modules/module_index.js'

/** Where a module's index lives: beside its registration class, which imports it. */
export function moduleIndexPath(moduleRoot: string): string {
  return join(moduleRoot, 'infrastructure', `${basename(moduleRoot)}_index.ts`)
}

/** The module's files (relative, `/`-separated) that its index imports, sorted. */
export function indexedFiles(moduleRoot: string, plannedFiles: string[] = []): string[] {
  const onDisk = globSync('{application,infrastructure,api}/**/*.ts', { cwd: moduleRoot })
  const files = new Set([...onDisk, ...plannedFiles].map((file) => file.replace(/\\/g, '/')))
  const patterns = Object.values(MODULE_INDEX_SECTIONS)
  return [...files]
    .filter((file) => !file.endsWith('.d.ts') && patterns.some((pattern) => pattern.test(file)))
    .sort()
}

const pascal = (words: string[]) =>
  words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')

/**
 * A local name for each file's import: the file name in PascalCase (CreateProductHandler), with
 * as many parent folders in front as it takes to be unique (V1CreateProductEndpoint).
 */
function importNames(files: string[]): Map<string, string> {
  const names = new Map<string, string>()
  const segmentsOf = (file: string) => file.replace(/\.ts$/, '').split(/[/_]/).filter(Boolean)
  for (const file of files) {
    const folders = file.replace(/\.ts$/, '').split('/')
    for (let depth = 1; depth <= folders.length; depth++) {
      const candidate = pascal(segmentsOf(folders.slice(-depth).join('/')))
      const clash = files.some(
        (other) =>
          other !== file &&
          pascal(segmentsOf(other.split('/').slice(-depth).join('/'))) === candidate
      )
      if (!clash || depth === folders.length) {
        names.set(file, /^\d/.test(candidate) ? `_${candidate}` : candidate)
        break
      }
    }
  }
  return names
}

/**
 * The source of a module's index (see ModuleIndex in the kit): its files by section, with
 * `plannedFiles` (a scaffolding command's new files, not written yet) counted as present.
 */
export function renderModuleIndex(moduleRoot: string, plannedFiles: string[] = []): string {
  const files = indexedFiles(moduleRoot, plannedFiles)
  const names = importNames(files)
  const isMessage = (file: string) => MODULE_INDEX_SECTIONS.messages.test(file)
  const imports = files.map((file) => {
    const from = `../${file.replace(/\.ts$/, '.js')}`
    return isMessage(file)
      ? `import * as ${names.get(file)} from '${from}'`
      : `import ${names.get(file)} from '${from}'`
  })
  const sections = (Object.keys(MODULE_INDEX_SECTIONS) as (keyof ModuleIndex)[]).map((section) => {
    const entries = files.filter((file) => MODULE_INDEX_SECTIONS[section].test(file))
    if (entries.length === 0) return `  ${section}: {},`
    const lines = entries.map((file) => `    '${file}': ${names.get(file)},`)
    return [`  ${section}: {`, ...lines, '  },'].join('\n')
  })
  return [
    '/*',
    ` * Index of the ${basename(moduleRoot)} module, generated from its files by the scaffolding`,
    ' * commands, `node ace pantheon:index` and before `node ace serve|test|build`. Its registration',
    ' * class reads it at boot. Do not edit: a test fails when it no longer matches the files.',
    ' */',
    "import { defineModuleIndex } from '@pantheon/kit/modules'",
    ...imports,
    '',
    'export default defineModuleIndex({',
    ...sections,
    '})',
    '',
  ].join('\n')
}
