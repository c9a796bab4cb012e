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

/** Each corpus file with one reader's answers for it, by the key corpusAnswers was given. */
const answered = new Map<string, Promise<Array<CorpusAnswer<any>>>>()

interface CorpusAnswer<T> {
  path: string
  source: string
  /** The file's name as the generators see it (a golden file's, without `.golden`). */
  fileName: string
  expected: T
}

/**
 * Every file of the corpus with the answers of the reader `reader` makes, read once per process
 * under `key`: the specs that hold each parser's reader to a reference reader's answers would
 * otherwise read the whole corpus again with the reference for each parser.
 */
export function corpusAnswers<T>(
  key: string,
  reader: () => Promise<(source: string, fileName: string) => T>
): Promise<Array<CorpusAnswer<T>>> {
  let answers = answered.get(key)
  if (!answers) {
    answers = Promise.all([reader(), sourceCorpus()]).then(([answer, files]) =>
      files.map(({ path, source }) => {
        const fileName = path.replace(/\.golden$/, '')
        return { path, source, fileName, expected: answer(source, fileName) }
      })
    )
    answered.set(key, answers)
  }
  return answers
}
