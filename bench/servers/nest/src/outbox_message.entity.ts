import { Column, Entity, PrimaryColumn } from 'typeorm'

/** The columns of Pantheon's outbox that a create writes (pantheon_outbox). */
@Entity({ name: 'pantheon_outbox' })
export class OutboxMessage {
  @PrimaryColumn('uuid')
  id: string

  @Column('varchar')
  type: string

  @Column('int')
  version: number

  @Column('text')
  payload: string

  @Column({ name: 'correlation_id', type: 'varchar' })
  correlationId: string

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date

  @Column('varchar')
  status: string

  @Column('int')
  attempts: number

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt: Date
}
