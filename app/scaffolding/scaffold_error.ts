/**
 * A mistake in what the user asked for (a bad name, a missing module, a file in the way).
 * Commands print its message without a stack trace and exit with a non-zero code.
 */
export class ScaffoldError extends Error {
  constructor(
    message: string,
    /** What to do about it, shown under the message. */
    readonly hint?: string
  ) {
    super(message)
    this.name = 'ScaffoldError'
  }
}
