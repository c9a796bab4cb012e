/**
 * The permissions the app's modules declare (each in its registration, `permissions`), so that
 * an endpoint, a grant or a role naming any other is refused with the list to choose from.
 */
export class DeclaredPermissions {
  readonly #byModule = new Map<string, readonly string[]>()

  /** A module's permissions: `<module>.<resource>.<action>`, lower case, each the module's own. */
  declare(module: string, permissions: readonly string[]): void {
    for (const permission of permissions) {
      if (!isPermissionName(permission) || permission.split('.')[0] !== module) {
        throw new Error(
          `The ${module} module declares the permission "${permission}": a permission is ${module}.<resource>.<action>, in lower case (e.g. ${module}.orders.read)`
        )
      }
    }
    this.#byModule.set(module, permissions)
  }

  has(permission: string): boolean {
    return this.all().includes(permission)
  }

  all(): string[] {
    return [...this.#byModule.values()].flat().sort()
  }
}

const PERMISSION = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$/

/** `<module>.<resource>.<action>` in lower case: the shape of every permission. */
export function isPermissionName(name: string): boolean {
  return PERMISSION.test(name)
}

/** A grant that names a role: no dot, where a permission has two. */
export function isRoleName(grant: string): boolean {
  return /^[a-z][a-z0-9_-]{0,62}$/.test(grant)
}
