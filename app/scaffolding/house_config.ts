import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import type { Options } from 'prettier'
import { isHouseConfig } from './house_style.js'
import { optionalImport } from './optional_import.js'

/** The files prettier takes its config from, the nearest folder first. */
const CONFIG_FILE = /^(package\.json|package\.yaml|\.prettierrc(\..+)?|prettier\.config\..+)$/

/**
 * Whether a file of an app is formatted with @adonisjs/prettier-config's options, told without
 * loading prettier (about 50 ms of a command): the app's package.json names the preset
 * (`"prettier": "@adonisjs/prettier-config"`, as `init` writes it), no folder between the file
 * and the app holds a config file of its own (prettier takes the nearest), and the installed
 * preset has the options the kit's stubs are written for. For an app not written yet (`init`),
 * the preset alone. In doubt it says no, and the file goes through prettier.
 */
export class HouseConfig {
  readonly #root: string
  readonly #resolve: boolean
  #namesPreset?: boolean
  #presetIsHouse?: Promise<boolean>
  readonly #foldersWithConfig = new Map<string, boolean>()

  constructor(root: string, options: { resolve: boolean }) {
    // As a folder's path is compared with it: without a trailing separator (makePath() has one).
    this.#root = resolve(root)
    this.#resolve = options.resolve
  }

  async applies(path: string): Promise<boolean> {
    if (
      this.#resolve &&
      !(this.#appNamesPreset() && this.#noConfigBetween(dirname(resolve(path))))
    ) {
      return false
    }
    this.#presetIsHouse ??= optionalImport<{ default: Options }>('@adonisjs/prettier-config').then(
      (preset) => preset !== undefined && isHouseConfig(preset.default)
    )
    return this.#presetIsHouse
  }

  #appNamesPreset(): boolean {
    if (this.#namesPreset === undefined) {
      const manifest = join(this.#root, 'package.json')
      try {
        const { prettier } = JSON.parse(readFileSync(manifest, 'utf8')) as { prettier?: unknown }
        this.#namesPreset = prettier === '@adonisjs/prettier-config'
      } catch {
        this.#namesPreset = false
      }
    }
    return this.#namesPreset
  }

  /** No config file in `folder` or the folders above it, up to the app's (not included). */
  #noConfigBetween(folder: string): boolean {
    const inside = relative(this.#root, folder)
    if (inside.startsWith('..') || isAbsolute(inside)) return false
    for (let current = folder; current !== this.#root; current = dirname(current)) {
      if (this.#hasConfig(current)) return false
    }
    return true
  }

  #hasConfig(folder: string): boolean {
    let found = this.#foldersWithConfig.get(folder)
    if (found === undefined) {
      found = existsSync(folder) && readdirSync(folder).some((name) => CONFIG_FILE.test(name))
      this.#foldersWithConfig.set(folder, found)
    }
    return found
  }
}
