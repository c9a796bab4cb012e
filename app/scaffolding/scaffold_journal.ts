import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'

/** Where the journal of the plan being written lives, inside the app (tmp/ is never committed). */
const JOURNAL_PATH = 'tmp/pantheon-scaffold-journal.json'

interface JournalEntry {
  /** Relative to the app. */
  path: string
  /** The contents before the plan; null for a file the plan creates. */
  original: string | null
}

interface Journal {
  command: string
  entries: JournalEntry[]
  /** Folders the plan creates (the highest missing one of each new file), removed on undo. */
  folders: string[]
}

/**
 * A write-ahead record of a plan that edits files which already exist. Before the first file is
 * written, the journal holds every file's contents as they were (and which files and folders
 * are new); it is removed once the last file is written. A command killed in between, even by
 * SIGKILL, leaves the journal behind, and the next scaffolding command in the app undoes the
 * partial plan from it before doing anything else: the app is always as it was before an
 * interrupted command or as it is after a complete one.
 *
 * The journal becomes valid by a rename, so a kill while it is being written leaves only a
 * temporary file, which means no app file was touched yet. It protects against a killed
 * process, not a power cut: nothing is flushed to disk with fsync.
 */
export class ScaffoldJournal {
  readonly #file: string

  constructor(private readonly root: string) {
    this.#file = join(root, JOURNAL_PATH)
  }

  async begin(command: string, entries: JournalEntry[], folders: string[]): Promise<void> {
    const journal: Journal = { command, entries, folders }
    await mkdir(dirname(this.#file), { recursive: true })
    const pending = `${this.#file}.pending`
    await writeFile(pending, JSON.stringify(journal))
    await rename(pending, this.#file)
  }

  /** The plan is complete: nothing to undo any more. */
  async end(): Promise<void> {
    await rm(this.#file, { force: true })
  }

  /**
   * Undoes the plan of a command that was interrupted, if one was; returns that command's name.
   * Safe to interrupt in turn: the journal goes last, so the next run undoes it again.
   */
  async recover(): Promise<string | undefined> {
    await rm(`${this.#file}.pending`, { force: true })
    if (!existsSync(this.#file)) return undefined
    const journal = JSON.parse(await readFile(this.#file, 'utf8')) as Journal
    for (const entry of journal.entries) {
      const path = this.inside(entry.path)
      if (entry.original === null) await rm(path, { force: true })
      else {
        await mkdir(dirname(path), { recursive: true })
        await writeFile(path, entry.original)
      }
    }
    for (const folder of journal.folders) {
      await rm(this.inside(folder), { recursive: true, force: true })
    }
    await this.end()
    return journal.command
  }

  relative(path: string): string {
    return relative(this.root, path)
  }

  /** A journal is data from disk: it may only ever name paths inside the app. */
  private inside(path: string): string {
    const absolute = resolve(this.root, path)
    if (!absolute.startsWith(resolve(this.root) + sep)) {
      throw new Error(`The scaffolding journal names a path outside the app: ${path}`)
    }
    return absolute
  }
}
