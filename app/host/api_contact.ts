import { readFileSync } from 'node:fs'
import type { ApplicationService } from '@adonisjs/core/types'

interface PackageManifest {
  name?: string
  homepage?: string
  bugs?: string | { url?: string; email?: string }
  author?: string | { name?: string; email?: string; url?: string }
}

/**
 * Who to ask about the app's API (`info.contact` of every API document), from its package.json:
 * the package name, its homepage or issue tracker, and its author's or tracker's email.
 */
export function apiContact(app: ApplicationService): Record<string, string> {
  let manifest: PackageManifest = {}
  try {
    manifest = JSON.parse(readFileSync(app.makePath('package.json'), 'utf8'))
  } catch {}
  const bugs = typeof manifest.bugs === 'string' ? { url: manifest.bugs } : (manifest.bugs ?? {})
  const author = typeof manifest.author === 'object' ? manifest.author : {}
  const contact: Record<string, string> = { name: manifest.name ?? 'API' }
  const url = manifest.homepage ?? bugs.url ?? author.url
  const email = bugs.email ?? author.email
  if (url) contact.url = url
  if (email) contact.email = email
  return contact
}
