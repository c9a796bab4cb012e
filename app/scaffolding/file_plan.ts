import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { chmod, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import type { Formatter } from './format_files.js'
import type { RenderedStub } from './render_stub.js'
import { ScaffoldError } from './scaffold_error.js'
import { ScaffoldJournal } from './scaffold_journal.js'

/** What most file systems accept for one file or folder name. */
const MAX_NAME_BYTES = 255

/**
 * Where a path really is: its deepest part that exists, with every symbolic link resolved, and
 * the rest of the path below it. A link whose target is missing leads where its target would be
 * created.
 */
function realLocation(path: string, links = 0): string {
  const missing: string[] = []
  let current = resolve(path)
  while (!lstatSync(current, { throwIfNoEntry: false })) {
    missing.unshift(basename(current))
    const parent = dirname(current)
    if (parent === current) break
    current = parent
  }
  try {
    return join(realpathSync(current), ...missing)
  } catch (error) {
    if (links >= 40) throw error
    const target = resolve(dirname(current), readlinkSync(current))
    return realLocation(join(target, ...missing), links + 1)
  }
}

/** A file's text, or undefined when there is no such file. */
function onDisk(path: string): string | undefined {
  return existsSync(path) && lstatSync(path).isFile() ? readFileSync(path, 'utf8') : undefined
}

/** The topmost folder of `folder`'s path that does not exist yet, if any does not. */
function highestMissingFolder(folder: string): string | undefined {
  if (existsSync(folder)) return undefined
  let missing = folder
  while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing)
  return missing
}

/** Text, or bytes for a binary file such as the kit's tarball. */
export type FileContents = string | Uint8Array

/**
 * How a file enters a plan: `create` makes a new file (one that exists already is a conflict
 * unless forced), `generate` writes a generator's output whether or not the file exists (the
 * command decides which existing files it may replace, see generated_files.ts), `edit` changes
 * an existing file, `delete` removes one (the remove-* commands).
 */
type PlannedKind = 'create' | 'generate' | 'edit' | 'delete'

interface PlannedFile {
  path: string
  contents: FileContents
  kind: PlannedKind
  /** File mode for new files (e.g. 0o755 for scripts); the default otherwise. */
  mode?: number
  /** The contents on disk when planned; undefined for a file that does not exist yet. */
  original?: string
  /** The kit rendered the whole text in its house style (see house_style.ts). */
  houseStyle?: boolean
  /** An edit that keeps a file as a generator wrote it in the record (see EditOrigin). */
  recorded?: boolean
}

/** How a planned text was made: by the kit in its house style, or not (see house_style.ts). */
interface TextOrigin {
  houseStyle?: boolean
}

/** How an edit of an existing file was made. */
interface EditOrigin {
  /**
   * The edited text is in the house style (see house_style.ts): true, or a function that
   * answers for the text on disk (a file as the kit wrote it, changed in its style, is).
   */
  houseStyle?: boolean | ((original: string) => boolean)
  /**
   * The edit is a generator's own, of a file it keeps changing in place (a module's
   * registration class): when the file was as a generator wrote it, the record of generated
   * files takes the edited text as what a generator wrote (generated_files_plan.ts).
   */
  recorded?: boolean
}

/** A generated file the plan leaves as it is, and why. */
export interface SkippedFile {
  file: string
  reason: string
}

/** What writing a plan touches; tests swap it to inject a failure half-way. */
export interface FileWriter {
  write(path: string, contents: FileContents, mode?: number): Promise<void>
  remove(path: string): Promise<void>
}

export const diskWriter: FileWriter = {
  async write(path, contents, mode) {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, contents)
    if (mode !== undefined) await chmod(path, mode)
  },
  async remove(path) {
    await rm(path, { force: true })
  },
}

export interface PlanSummary {
  created: string[]
  /** Files that existed and get new contents. */
  edited: string[]
  /** Generated files whose contents are already what the generator writes. */
  unchanged: string[]
  /** Generated files left alone (edited by hand). */
  skipped: SkippedFile[]
  /** Files the plan removes. */
  deleted: string[]
}

/**
 * Every file a command will create or edit, decided before anything is written. Applying it is
 * all or nothing: when a write fails, the files it created are removed and the files it edited
 * get their old contents back, and the error is rethrown.
 */
export class FilePlan {
  readonly #files: PlannedFile[] = []
  readonly #unchanged: string[] = []
  readonly #skipped: SkippedFile[] = []

  constructor(private readonly root: string) {}

  create(path: string, contents: FileContents, options: { mode?: number } & TextOrigin = {}): this {
    const { mode, houseStyle } = options
    this.#files.push({ path, contents, kind: 'create', mode, houseStyle, original: onDisk(path) })
    return this
  }

  /** A new file rendered from a stub. */
  createRendered(stub: RenderedStub, options: { mode?: number } = {}): this {
    return this.create(stub.destination, stub.contents, { ...options, houseStyle: stub.houseStyle })
  }

  /** A generator's output, replacing the file if it exists (see PlannedKind). */
  generate(path: string, contents: string, origin: TextOrigin = {}): this {
    const { houseStyle } = origin
    this.#files.push({ path, contents, kind: 'generate', houseStyle, original: onDisk(path) })
    return this
  }

  /** A generator's output rendered from a stub. */
  generateRendered(stub: RenderedStub): this {
    return this.generate(stub.destination, stub.contents, { houseStyle: stub.houseStyle })
  }

  /** A change of an existing file. */
  async edit(
    path: string,
    change: (contents: string) => string | Promise<string>,
    origin: EditOrigin = {}
  ): Promise<this> {
    const original = await readFile(path, 'utf8')
    const contents = await change(original)
    if (contents !== original) {
      const { houseStyle, recorded } = origin
      const inHouseStyle = typeof houseStyle === 'function' ? houseStyle(original) : houseStyle
      this.#files.push({
        path,
        contents,
        kind: 'edit',
        houseStyle: inHouseStyle,
        recorded,
        original,
      })
    }
    return this
  }

  /** The edits made with `recorded` (see EditOrigin), with their text and the text on disk. */
  recordedEdits(): Array<{ path: string; contents: string; original: string }> {
    return this.#files.flatMap(({ path, contents, original, kind, recorded }) =>
      kind === 'edit' && recorded && typeof contents === 'string' && original !== undefined
        ? [{ path, contents, original }]
        : []
    )
  }

  /**
   * Removes an existing file; undone like an edit (its contents are journaled and written back).
   * Folders it leaves empty go too, once the whole plan is written.
   */
  async delete(path: string): Promise<this> {
    const original = await readFile(path, 'utf8')
    this.#files.push({ path, contents: '', kind: 'delete', original })
    return this
  }

  /** Every file the plan writes, in the order it writes them. */
  paths(): string[] {
    return this.#files.filter((file) => file.kind !== 'delete').map((file) => file.path)
  }

  /** Every file the plan removes. */
  deletedPaths(): string[] {
    return this.#files.filter((file) => file.kind === 'delete').map((file) => file.path)
  }

  /**
   * The files a generator wrote whole (created or generated, not edited) with their text and
   * their contents on disk, for the record of generated files and for a command that merges the
   * plans of others.
   */
  generatedFiles(): Array<{
    path: string
    contents: string
    original?: string
    kind: 'create' | 'generate'
    houseStyle?: boolean
  }> {
    return this.#files.flatMap(({ path, contents, original, kind, houseStyle }) =>
      (kind === 'create' || kind === 'generate') && typeof contents === 'string'
        ? [{ path, contents, original, kind, houseStyle }]
        : []
    )
  }

  /**
   * Takes out of the plan the generated files whose contents on disk are already what would be
   * written; the summary lists them as unchanged.
   */
  dropUnchanged(): this {
    for (const file of [...this.#files]) {
      const generated = file.kind === 'create' || file.kind === 'generate'
      if (generated && file.original !== undefined && file.contents === file.original) {
        this.#files.splice(this.#files.indexOf(file), 1)
        this.#unchanged.push(this.relative(file.path))
      }
    }
    return this
  }

  /** Takes a file out of the plan and lists it as skipped, with the reason. */
  skip(path: string, reason: string): this {
    const index = this.#files.findIndex((file) => file.path === path)
    if (index >= 0) this.#files.splice(index, 1)
    this.#skipped.push({ file: this.relative(path), reason })
    return this
  }

  /**
   * Runs the text of every planned file through `format` (the app's prettier, see
   * format_files.ts) before anything is shown or written; an edit that formats back to the file
   * as it was is dropped.
   */
  async format(format: Formatter): Promise<this> {
    for (const file of this.#files) {
      if (file.kind === 'delete' || typeof file.contents !== 'string') continue
      file.contents = await format(file.path, file.contents, file.houseStyle)
    }
    const unchanged = this.#files.filter((f) => f.kind === 'edit' && f.contents === f.original)
    for (const file of unchanged) this.#files.splice(this.#files.indexOf(file), 1)
    return this
  }

  get isEmpty(): boolean {
    return this.#files.length === 0
  }

  summary(): PlanSummary {
    const written = this.#files.filter((f) => f.kind !== 'delete')
    return {
      created: written.filter((f) => f.original === undefined).map((f) => this.relative(f.path)),
      edited: written.filter((f) => f.original !== undefined).map((f) => this.relative(f.path)),
      unchanged: [...this.#unchanged],
      skipped: [...this.#skipped],
      deleted: this.deletedPaths().map((path) => this.relative(path)),
    }
  }

  /** New files that already exist; with `force` they are overwritten instead. */
  conflicts(): string[] {
    return this.#files
      .filter((f) => f.kind === 'create' && (f.original !== undefined || existsSync(f.path)))
      .map((f) => this.relative(f.path))
  }

  /** Unified diffs of the files that exist and change, for --dry-run (not of deleted files). */
  async diffs(): Promise<string[]> {
    // Loaded here: only --dry-run needs it, and every command would pay its import.
    const { createTwoFilesPatch } = await import('diff')
    return this.#files
      .filter((f) => f.original !== undefined && f.kind !== 'delete')
      .map((f) => {
        const name = this.relative(f.path)
        return createTwoFilesPatch(`a/${name}`, `b/${name}`, f.original!, String(f.contents))
      })
  }

  /**
   * Writes every file, all or nothing. A plan that only creates a new folder is staged and
   * renamed into place; any other plan is journaled first (scaffold_journal.ts), so that a
   * process killed half-way is undone by the next scaffolding command. `command` names the
   * plan in that journal.
   */
  async apply(
    options: { force?: boolean; writer?: FileWriter; command?: string } = {}
  ): Promise<void> {
    this.assertWritable()
    const conflicts = this.conflicts()
    if (conflicts.length > 0 && !options.force) {
      throw new ScaffoldError(
        `These files already exist: ${conflicts.join(', ')}`,
        'Nothing was written. Use --force to overwrite them.'
      )
    }
    const writer = options.writer ?? diskWriter
    const folder = this.newFolder()
    if (folder) return this.applyStaged(folder, writer)
    const rootExisted = existsSync(this.root)
    const previous = await Promise.all(
      this.#files.map((file) =>
        existsSync(file.path) ? readFile(file.path, 'utf8') : Promise.resolve(undefined)
      )
    )
    const journal = rootExisted ? new ScaffoldJournal(this.root) : undefined
    await journal?.begin(
      options.command ?? 'a scaffolding command',
      this.#files.map((file, index) => ({
        path: journal.relative(file.path),
        original: previous[index] ?? null,
      })),
      this.newFolders().map((path) => journal.relative(path))
    )
    const undo: Array<() => Promise<void>> = []
    try {
      for (const [index, file] of this.#files.entries()) {
        const before = previous[index]
        undo.push(() =>
          before === undefined ? writer.remove(file.path) : diskWriter.write(file.path, before)
        )
        if (file.kind === 'delete') await writer.remove(file.path)
        else await writer.write(file.path, file.contents, file.mode)
      }
    } catch (error) {
      for (const step of undo.reverse()) await step().catch(() => {})
      await this.removeEmptyFolders(rootExisted)
      await journal?.end()
      throw error
    }
    await journal?.end()
    await this.removeFoldersLeftEmpty()
  }

  /** The folders that only the deleted files held go with them (never the root). */
  private async removeFoldersLeftEmpty() {
    const folders = new Set(this.deletedPaths().map((path) => dirname(path)))
    for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
      let current = folder
      while (current.startsWith(this.root + sep)) {
        try {
          await rmdir(current)
        } catch {
          break
        }
        current = dirname(current)
      }
    }
  }

  /** The highest missing folder of each new file, inside the root: what an undo removes. */
  private newFolders(): string[] {
    const folders = new Set<string>()
    for (const { path } of this.#files) {
      const missing = highestMissingFolder(dirname(path))
      if (missing && missing.startsWith(this.root + sep)) folders.add(missing)
    }
    return [...folders]
  }

  /**
   * The one folder, missing today, that holds every file of a plan that only creates (a new
   * app, a new module): such a plan is written whole beside it and renamed into place, so that
   * an interruption at any moment (Ctrl-C, SIGTERM, even SIGKILL) leaves either no folder or a
   * complete one, never half of it.
   */
  private newFolder(): string | undefined {
    let shared: string | undefined
    for (const { path, original } of this.#files) {
      const missing = original === undefined ? highestMissingFolder(dirname(path)) : undefined
      if (!missing || (shared !== undefined && shared !== missing)) return undefined
      shared = missing
    }
    return shared
  }

  private async applyStaged(folder: string, writer: FileWriter): Promise<void> {
    const prefix = `.${basename(folder)}.staging-`
    // What an earlier run left when it was killed before its rename: never part of the app.
    for (const stale of await readdir(dirname(folder))) {
      if (stale.startsWith(prefix))
        await rm(join(dirname(folder), stale), { recursive: true, force: true })
    }
    const staging = join(dirname(folder), `${prefix}${randomUUID()}`)
    try {
      for (const file of this.#files) {
        await writer.write(join(staging, relative(folder, file.path)), file.contents, file.mode)
      }
      await rename(staging, folder)
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      throw error
    }
  }

  /**
   * Refuses the whole plan before anything is written when a file would land outside the root
   * through a symbolic link (a module folder or a file linked elsewhere), or has a name longer
   * than file systems accept.
   */
  private assertWritable() {
    const root = realLocation(this.root)
    for (const { path } of this.#files) {
      const tooLong = path.split(sep).find((name) => Buffer.byteLength(name) > MAX_NAME_BYTES)
      if (tooLong) {
        throw new ScaffoldError(
          `The name "${tooLong.slice(0, 40)}…" is ${Buffer.byteLength(tooLong)} bytes long; file and folder names may have at most ${MAX_NAME_BYTES}`,
          'Nothing was written. Choose a shorter name.'
        )
      }
      const real = realLocation(path)
      if (real !== root && !real.startsWith(root + sep)) {
        throw new ScaffoldError(
          `${this.relative(path)} would be written to ${real}, outside ${this.root}, through a symbolic link`,
          'Nothing was written. Replace the link with a real folder or file inside the app.'
        )
      }
    }
  }

  private relative(path: string): string {
    return relative(this.root, path)
  }

  /** Folders made only for this plan's files go again on rollback (the root too, if new). */
  private async removeEmptyFolders(rootExisted: boolean) {
    const folders = new Set(this.#files.map((f) => dirname(f.path)))
    const deepestFirst = [...folders].sort((a, b) => b.length - a.length)
    for (const folder of deepestFirst) {
      let current = folder
      while (current.startsWith(this.root) && (current !== this.root || !rootExisted)) {
        try {
          await rmdir(current)
        } catch {
          break
        }
        if (current === this.root) break
        current = dirname(current)
      }
    }
  }
}
