import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import type { Options } from 'prettier'
import { HouseConfig } from './house_config.js'
import { isHouseJson } from './house_json.js'
import {
  HOUSE_PRINT_WIDTH,
  inHouseStyle,
  isHouseConfig,
  verifyingHouseStyle,
} from './house_style.js'
import { optionalImport } from './optional_import.js'

/**
 * Turns a planned file's text into what is written; given every text file of a plan.
 * `houseStyle` says the kit rendered the whole text from its own stubs (see house_style.ts).
 */
export type Formatter = (path: string, contents: string, houseStyle?: boolean) => Promise<string>

/** The generated files that go through prettier; other files are written as rendered. */
const FORMATTED = /\.(ts|js|json|md)$/

/**
 * Formats generated files as the app's own `npm run format` would, so that they are lint-clean
 * (prettier/prettier) the moment they are written: each file with the prettier config the app
 * resolves for it (the "prettier" key of its package.json, a .prettierrc…), or
 * @adonisjs/prettier-config when it has none; files its .prettierignore or .gitignore lists are
 * left as they are. `resolve: false` skips the app's config, for an app that does not exist
 * yet (init, whose package.json names @adonisjs/prettier-config); a config found in a folder
 * above it would not be its own.
 *
 * Text the kit rendered in its house style goes through prettier only when the file's config
 * is not @adonisjs/prettier-config or a line is too long (house_style.ts): formatting costs a
 * scaffolding command about 25 ms a file, and was most of what it took over AdonisJS's own
 * generators. prettier itself is imported when a file needs it: in an app whose package.json
 * names the preset, house-style text is known to need nothing without it (house_config.ts).
 *
 * prettier is an optional peer of the kit, imported only here, when a scaffolding command runs:
 * without it (or without @adonisjs/prettier-config when the app has no config) files are
 * written as the stubs render them, which already follow that style.
 */
export async function prettierFormatter(
  root: string,
  options: { resolve?: boolean } = {}
): Promise<Formatter> {
  const resolve = options.resolve ?? true
  const houseConfig = new HouseConfig(root, { resolve })
  const verify = verifyingHouseStyle()
  let loading: Promise<Formatter | undefined> | undefined
  const withPrettier = () =>
    (loading ??= optionalImport<typeof import('prettier')>('prettier').then((prettier) =>
      prettier ? formatterWith(prettier, root, resolve, verify) : undefined
    ))
  return async (path, contents, houseStyle = false) => {
    if (!FORMATTED.test(path)) return contents
    const known =
      houseStyle && !verify && houseText(path, contents, { printWidth: HOUSE_PRINT_WIDTH })
    if (known && (await houseConfig.applies(path))) return contents
    const format = await withPrettier()
    return format ? format(path, contents, houseStyle) : contents
  }
}

/**
 * Whether text the kit rendered is in the house style (house_style.ts); a JSON record, only when
 * it is exactly what house_json.ts writes for its value.
 */
function houseText(path: string, contents: string, config: Options): boolean {
  if (!inHouseStyle(path, contents, config)) return false
  return !path.endsWith('.json') || isHouseJson(contents)
}

/** The formatter once prettier is loaded: the app's config for each file, its ignore files. */
function formatterWith(
  prettier: typeof import('prettier'),
  root: string,
  resolve: boolean,
  verify: boolean
): Formatter {
  const ignorePath = ['.gitignore', '.prettierignore']
    .map((file) => join(root, file))
    .filter((file) => resolve && existsSync(file))
  let preset: Options | null | undefined

  const presetConfig = async (): Promise<Options | null> => {
    if (preset === undefined) {
      const imported = await optionalImport<{ default: Options }>('@adonisjs/prettier-config')
      preset = imported?.default ?? null
    }
    return preset
  }
  const configFor = async (path: string): Promise<Options | null> => {
    const resolved = resolve ? await prettier.resolveConfig(path) : null
    return resolved ?? (await presetConfig())
  }
  const format = async (path: string, contents: string, config: Options) => {
    try {
      return await prettier.format(contents, { ...config, filepath: path })
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      throw new Error(`${relative(root, path)} could not be formatted: ${reason}`)
    }
  }
  const alreadyFormatted = async (path: string, contents: string, config: Options) => {
    if (!isHouseConfig(config) || !houseText(path, contents, config)) return false
    if (verify) {
      const key = verifiedKey(path, contents, config)
      if (!VERIFIED.has(key)) {
        await verifyUnchanged(path, contents, config)
        VERIFIED.add(key)
      }
    }
    return true
  }
  const verifyUnchanged = async (path: string, contents: string, config: Options) => {
    const formatted = await format(path, contents, config)
    if (formatted === contents) return
    const lines = contents.split('\n')
    const wanted = formatted.split('\n')
    const line = wanted.findIndex((text, index) => text !== lines[index])
    throw new Error(
      `${relative(root, path)} is rendered in the kit's house style, but prettier changes its line ${line + 1} from ${JSON.stringify(lines[line])} to ${JSON.stringify(wanted[line])}`
    )
  }

  // Called by prettierFormatter's formatter only, for the files FORMATTED names.
  return async (path, contents, houseStyle = false) => {
    const config = await configFor(path)
    if (!config) return contents
    // Written as it is whether or not the app's ignore files list it: prettier would not change it.
    if (houseStyle && (await alreadyFormatted(path, contents, config))) return contents
    if (ignorePath.length > 0) {
      const { ignored } = await prettier.getFileInfo(path, { ignorePath })
      if (ignored) return contents
    }
    return format(path, contents, config)
  }
}

/*
 * House-style texts prettier was found to leave unchanged in this process. prettier's answer for
 * the same text, file name and options is always the same, and a test run renders the same files
 * again and again (every app starts from the same stubs with the same names): each is checked
 * once, which was most of the processor time prettier took in a run of the suites.
 */
const VERIFIED = new Set<string>()

const verifiedKey = (path: string, contents: string, config: Options) =>
  createHash('sha256')
    .update(basename(path))
    .update('\0')
    .update(JSON.stringify(config))
    .update('\0')
    .update(contents)
    .digest('hex')
