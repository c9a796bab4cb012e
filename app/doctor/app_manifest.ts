import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** What the doctor's checks read of the app's package.json. */
export interface AppManifest {
  name?: string
  /** Every package it lists, development ones included; a runtime range wins over a dev one. */
  packages: Record<string, string>
}

export async function appManifest(appRoot: string): Promise<AppManifest> {
  const manifest = JSON.parse(await readFile(join(appRoot, 'package.json'), 'utf8')) as {
    name?: string
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  return {
    name: manifest.name,
    packages: { ...manifest.devDependencies, ...manifest.dependencies },
  }
}
