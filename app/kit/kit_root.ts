import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const KIT_PACKAGE_NAME = '@pantheon/kit'

/**
 * The folder of the kit's package.json: the repository root when the kit runs from its sources
 * or its dist/, node_modules/@pantheon/kit once installed.
 */
export function kitRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url))
  while (true) {
    const manifest = join(folder, 'package.json')
    if (
      existsSync(manifest) &&
      JSON.parse(readFileSync(manifest, 'utf8')).name === KIT_PACKAGE_NAME
    ) {
      return folder
    }
    const parent = dirname(folder)
    if (parent === folder)
      throw new Error(`no package.json of ${KIT_PACKAGE_NAME} above ${import.meta.url}`)
    folder = parent
  }
}

export interface KitManifest {
  name: string
  version: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/**
 * The version range of every package the kit names (its dependencies, peers and the development
 * packages it is tested with): what an app made by init or adopting the kit asks for.
 */
export function kitVersionRanges(kit: KitManifest = kitManifest()): Record<string, string> {
  return { ...kit.devDependencies, ...kit.peerDependencies, ...kit.dependencies }
}

export function kitManifest(): KitManifest {
  return JSON.parse(readFileSync(join(kitRoot(), 'package.json'), 'utf8'))
}
