import type { IntegrationEventContract } from './integration_event.js'

/** A payload as its contract reads it, or what is wrong with it. */
export type PayloadCheck<TPayload> =
  { valid: true; payload: TPayload } | { valid: false; problems: string[] }

/**
 * Runs a payload through its contract's schema, the same way where it is published and where
 * it is consumed. A contract without a schema takes any payload as it is.
 */
export async function checkPayload<TPayload>(
  contract: IntegrationEventContract<TPayload>,
  payload: unknown
): Promise<PayloadCheck<TPayload>> {
  if (!contract.schema) return { valid: true, payload: payload as TPayload }
  const [error, value] = await contract.schema.tryValidate(payload)
  if (error === null) return { valid: true, payload: value as TPayload }
  return { valid: false, problems: problemsOf(error) }
}

/** VineJS names every failed field in its messages; another validator's error is kept whole. */
function problemsOf(error: unknown): string[] {
  const messages = (error as { messages?: unknown }).messages
  if (Array.isArray(messages) && messages.length > 0) {
    return messages.map((entry: { message?: unknown }) => String(entry?.message ?? entry))
  }
  return [error instanceof Error ? error.message : String(error)]
}
