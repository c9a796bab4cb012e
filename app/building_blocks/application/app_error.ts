/**
 * The kinds of expected failure a handler can report. The HTTP edge maps each kind to one status
 * (see building_blocks/infrastructure/http/problem_details.ts); nothing else decides statuses.
 */
export type ErrorKind =
  | 'validation'
  | 'notFound'
  | 'conflict'
  | 'preconditionFailed'
  | 'unauthorized'
  | 'forbidden'
  | 'unavailable'
  | 'notImplemented'
  | 'failure'

/** One failed field of a validation error. `field` is the path of the input, e.g. "price". */
export interface FieldError {
  readonly field: string
  readonly code: string
  readonly message: string
}

/**
 * An expected failure: a stable machine-readable code ("Product.NotFound"), a message for
 * people, and for validation failures the list of every failed field.
 */
export class AppError {
  private constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly message: string,
    readonly fieldErrors: readonly FieldError[] = []
  ) {}

  static validation(code: string, message: string, fieldErrors: readonly FieldError[] = []) {
    return new AppError('validation', code, message, fieldErrors)
  }

  static notFound(code: string, message: string) {
    return new AppError('notFound', code, message)
  }

  /** `fieldErrors` names the fields at odds with what is stored (a unique value taken). */
  static conflict(code: string, message: string, fieldErrors: readonly FieldError[] = []) {
    return new AppError('conflict', code, message, fieldErrors)
  }

  /**
   * The caller's change was made against a version of the resource that is no longer the stored
   * one (a stale If-Match): nothing was changed, and reading it again tells what is.
   */
  static preconditionFailed(code: string, message: string) {
    return new AppError('preconditionFailed', code, message)
  }

  static unauthorized(code: string, message: string) {
    return new AppError('unauthorized', code, message)
  }

  static forbidden(code: string, message: string) {
    return new AppError('forbidden', code, message)
  }

  static unavailable(code: string, message: string) {
    return new AppError('unavailable', code, message)
  }

  /** A use case whose handler is not written yet: the generators' starting point, answered 501. */
  static notImplemented(code: string, message: string) {
    return new AppError('notImplemented', code, message)
  }

  static failure(code: string, message: string) {
    return new AppError('failure', code, message)
  }
}
