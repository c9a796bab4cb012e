/**
 * A broken business rule detected inside the domain (for example a negative price reaching the
 * aggregate). Domain errors are named values: the application layer turns them into Results.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string
  ) {
    super(message)
    this.name = 'DomainError'
  }
}
