import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { Options } from 'prettier'

/** Turns a planned file's text into what is written; given every text file of a plan. */
export type Formatter = (path: string, contents: string) => Promise<string>

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
 * prettier is an optional peer of the kit, imported only here, when a scaffolding command runs:
 * without it (or without @adonisjs/prettier-config when the app has no config) files are
 * written as the stubs render them, which already follow that style.
 */
export async function prettierFormatter(
  root: string,
  options: { resolve?: boolean } = {}
): Promise<Formatter | undefined> {
  const prettier = await optionalImport<typeof import('prettier')>('prettier')
  if (!prettier) return undefined
  const resolve = options.resolve ?? true
  const ignorePath = ['.gitignore', '.prettierignore']
    .map((file) => join(root, file))
    .filter((file) => resolve && existsSync(file))
  let fallback: Options | null | undefined

  const configFor = async (path: string): Promise<Options | null> => {
    const resolved = resolve ? await prettier.resolveConfig(path) : null
    if (resolved) return resolved
    if (fallback === undefined) {
      const preset = await optionalImport<{ default: Options }>('@adonisjs/prettier-config')
      fallback = preset?.default ?? null
    }
    return fallback
  }

  return async (path, contents) => {
    if (!FORMATTED.test(path)) return contents
    if (ignorePath.length > 0) {
      const { ignored } = await prettier.getFileInfo(path, { ignorePath })
      if (ignored) return contents
    }
    const config = await configFor(path)
    if (!config) return contents
    try {
      return await prettier.format(contents, { ...config, filepath: path })
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      throw new Error(`${relative(root, path)} could not be formatted: ${reason}`)
    }
  }
}

/** The module, or undefined when it is not installed (an optional peer). */
async function optionalImport<T>(specifier: string): Promise<T | undefined> {
  try {
    return (await import(specifier)) as T
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
}
