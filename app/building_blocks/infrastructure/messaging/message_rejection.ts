/**
 * Why a consumer refused a message without trying to apply it. Each is a fact about the message
 * (or about the consumer's contract), not a passing failure: trying again would refuse it again,
 * so it becomes a dead letter at once.
 */
const REJECTION_REASONS = [
  /** Larger than `maxMessageBytes`: not even read. */
  'too-large',
  /** Not JSON, or not an integration event envelope. */
  'malformed',
  /** An event of another type than the stream or routing key it came by. */
  'unknown-type',
  /** A version of the event the consumer's contract does not declare. */
  'unsupported-version',
  /** A payload its contract's schema refuses. */
  'invalid-payload',
] as const

export type RejectionReason = (typeof REJECTION_REASONS)[number]

/** A message refused for `reason`; its message (`<reason>: <detail>`) is the dead letter's error. */
export class MessageRejected extends Error {
  override readonly name = 'MessageRejected'

  constructor(
    readonly reason: RejectionReason,
    readonly detail: string
  ) {
    super(`${reason}: ${detail}`)
  }
}
