/** The variable that names the modules a process serves, migrates and consumes for. */
export const MODULES_VARIABLE = 'PANTHEON_MODULES'

/** A PANTHEON_MODULES the app cannot honour: the start stops with this error. */
export class InvalidModuleSelection extends Error {
  override readonly name = 'InvalidModuleSelection'
}

/** Which of the app's modules this process serves. */
export interface ModuleSelection {
  /** True when the variable is unset or empty: every module, as without it. */
  readonly all: boolean
  /** The selected modules' folder names, in the order of the app's modules. */
  readonly names: readonly string[]
  /** Every module of the app (folders under modules/ with a registration class). */
  readonly available: readonly string[]
  includes(name: string): boolean
}

/**
 * Reads PANTHEON_MODULES against the app's modules: a comma-separated list of module folder
 * names, trimmed, in any case, and in kebab case for a snake_case folder (`order-items` is
 * `order_items`). Unset or empty selects every module. A name that is no module, or a list
 * with no name at all (`" , "`), is refused rather than read as "all" or half-honoured.
 */
export function parseModuleSelection(
  raw: string | undefined,
  available: readonly string[]
): ModuleSelection {
  if (raw === undefined || raw === '') return selection(true, available, available)
  const asked = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (asked.length === 0) {
    throw new InvalidModuleSelection(
      `${MODULES_VARIABLE}="${raw}" names no module: leave it unset (or empty) to serve every module, or name some of ${listed(available)}`
    )
  }
  const byKey = new Map(available.map((name) => [selectionKey(name), name]))
  const unknown = asked.filter((name) => !byKey.has(selectionKey(name)))
  if (unknown.length > 0) {
    const which = unknown.map((name) => `"${name}"`).join(', ')
    throw new InvalidModuleSelection(
      `${MODULES_VARIABLE} names ${unknown.length === 1 ? 'a module' : 'modules'} this app does not have: ${which}. The modules are ${listed(available)} (folder names under modules/)`
    )
  }
  const chosen = new Set(asked.map((name) => byKey.get(selectionKey(name))))
  return selection(
    false,
    available,
    available.filter((name) => chosen.has(name))
  )
}

function selection(
  all: boolean,
  available: readonly string[],
  names: readonly string[]
): ModuleSelection {
  const chosen = new Set(names)
  return { all, available, names, includes: (name) => chosen.has(name) }
}

function selectionKey(name: string): string {
  return name.trim().toLowerCase().replace(/-/g, '_')
}

function listed(names: readonly string[]): string {
  return names.length === 0 ? '(none: modules/ is empty)' : names.join(', ')
}
