/**
 * What the kit asks of the app's Identity module (written by add-auth, which binds it): the
 * permissions a caller holds, and the operators' commands (identity:grant, identity:revoke,
 * identity:roles, identity:token) and the tests' loginAs. The kit knows no table of it.
 */
export abstract class IdentityAdministration {
  /** The permissions the account holds, given directly or through its roles. */
  abstract permissionsOf(accountId: string): Promise<ReadonlySet<string>>

  /** The account's id, or undefined when no account has this email. */
  abstract accountIdOf(email: string): Promise<string | undefined>

  /** Stores an account (its password hashed); its id. */
  abstract createAccount(email: string, password: string): Promise<string>

  /** Gives the account these permissions and roles (a role named without a dot). */
  abstract grant(accountId: string, grants: readonly string[]): Promise<void>

  abstract revoke(accountId: string, grants: readonly string[]): Promise<void>

  /** Every role with its permissions. */
  abstract roles(): Promise<ReadonlyMap<string, readonly string[]>>

  /** Makes the role hold exactly these permissions (none: the role is removed). */
  abstract defineRole(role: string, permissions: readonly string[]): Promise<void>

  /** A new access token for the account, as POST /api/identity/tokens gives one. */
  abstract issueToken(accountId: string): Promise<{ token: string; expiresAt: string }>
}
