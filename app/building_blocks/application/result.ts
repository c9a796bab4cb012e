import type { AppError } from './app_error.js'

export interface Success<T> {
  readonly ok: true
  readonly value: T
}

export interface Failure {
  readonly ok: false
  readonly error: AppError
}

/**
 * What every handler returns: a value, or an expected failure. Expected failures are values,
 * never exceptions; `ok` narrows the union.
 */
export type Result<T> = Success<T> | Failure

export function success<T>(value: T): Success<T> {
  return { ok: true, value }
}

export function failure(error: AppError): Failure {
  return { ok: false, error }
}
