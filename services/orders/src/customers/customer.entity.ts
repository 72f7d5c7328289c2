import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The orders service's copy of a user, kept from the users service's events,
 * so orders show a customer's current name and email. A deleted user keeps
 * their row (marked deleted): their orders still say whose they were.
 */
@Entity('customer')
export class Customer {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 200 })
  name: string;

  @Column('varchar', { length: 320 })
  email: string;

  @Column('boolean')
  deleted: boolean;

  /** When the event last applied happened: an older event changes nothing. */
  @Column('timestamptz', { name: 'changed_at' })
  changedAt: Date;
}
