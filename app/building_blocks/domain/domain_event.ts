/**
 * Something that happened inside an aggregate that other parts of the same module may react to.
 * The name is stable and past tense ("ProductCreated"); it is what handlers subscribe to.
 */
export interface DomainEvent {
  readonly name: string
  readonly occurredAt: Date
}
