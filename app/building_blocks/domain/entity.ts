/** An object with an identity of its own inside an aggregate. */
export abstract class Entity<TId> {
  protected constructor(readonly id: TId) {}

  equals(other: Entity<TId>): boolean {
    return other.id === this.id
  }
}
