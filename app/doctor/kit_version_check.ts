import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { KIT_PACKAGE_NAME } from '../kit/kit_root.js'
import { appManifest } from './app_manifest.js'
import type { DoctorCheck, Finding } from './doctor_check.js'

type Version = [number, number, number]

function parseVersion(text: string): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(text)
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * Whether `installed` satisfies what the app's package.json asks for: an exact version, `^x.y.z`
 * or `~x.y.z` (npm's meaning, 0.x included), or a tarball `file:…-x.y.z.tgz` (what init writes
 * when it packs the kit). Undefined when the range is of another form, which the doctor does
 * not judge.
 */
export function satisfiesKitRange(installed: string, range: string): boolean | undefined {
  const version = parseVersion(installed)
  const tarball = /-(\d+\.\d+\.\d+)\.tgz$/.exec(range)
  if (tarball) return installed === tarball[1]
  const match = /^([\^~]?)(\d+\.\d+\.\d+)$/.exec(range.trim())
  const wanted = match ? parseVersion(match[2]) : undefined
  if (!version || !match || !wanted) return undefined
  if (compare(version, wanted) < 0) return false
  if (match[1] === '') return compare(version, wanted) === 0
  if (match[1] === '~') return version[0] === wanted[0] && version[1] === wanted[1]
  if (wanted[0] > 0) return version[0] === wanted[0]
  if (wanted[1] > 0) return version[0] === 0 && version[1] === wanted[1]
  return compare(version, wanted) === 0
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
}

/** The kit the app asks for in its package.json against the one installed in node_modules. */
export const kitVersionCheck: DoctorCheck = {
  id: 'kit-version',
  title: 'Kit version',
  async run({ appRoot }) {
    const manifest = await appManifest(appRoot)
    // The kit's own repository (its reference app): no installed kit to differ from.
    if (manifest.name === KIT_PACKAGE_NAME) return []
    const range = manifest.packages[KIT_PACKAGE_NAME]
    if (range === undefined) {
      return [
        {
          severity: 'error',
          message: `package.json does not depend on ${KIT_PACKAGE_NAME}`,
          fix: `npm install ${KIT_PACKAGE_NAME}`,
        },
      ]
    }
    const installedManifest = join(appRoot, 'node_modules', KIT_PACKAGE_NAME, 'package.json')
    if (!existsSync(installedManifest)) {
      return [
        {
          severity: 'error',
          message: `${KIT_PACKAGE_NAME} is not installed (package.json asks for ${range})`,
          fix: 'npm install',
        },
      ]
    }
    const installedPackage = await readJson(installedManifest)
    const installed = String(installedPackage.version)
    const satisfied = satisfiesKitRange(installed, range)
    const findings: Finding[] = []
    if (satisfied === false) {
      findings.push({
        severity: 'error',
        message: `package.json asks for ${KIT_PACKAGE_NAME} ${range}, but ${installed} is installed`,
        fix: `npm install ${KIT_PACKAGE_NAME}@${range.startsWith('file:') ? range.slice(5) : range}`,
      })
    }
    if (satisfied === undefined) {
      findings.push({
        severity: 'warning',
        message: `cannot tell whether ${KIT_PACKAGE_NAME} ${installed} (installed) is what package.json's "${range}" asks for`,
        fix: `write an exact version, ^x.y.z or ~x.y.z: npm install ${KIT_PACKAGE_NAME}@^${installed}`,
      })
    }
    return findings
  },
}
