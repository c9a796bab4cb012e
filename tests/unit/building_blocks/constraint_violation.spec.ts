import { test } from '@japa/runner'
import {
  missingReferenceColumns,
  translateConstraintViolation,
} from '#kit/building_blocks/infrastructure/persistence/constraint_violation'
import {
  ReferenceNotFound,
  referenceGone,
} from '#kit/building_blocks/infrastructure/persistence/entity_references'
import { uniqueKeyTaken } from '@pantheon/kit/persistence'

/** An error as a driver throws it: a message and a code, and PostgreSQL's named fields. */
function driverError(message: string, fields: Record<string, unknown>) {
  return Object.assign(new Error(message), fields)
}

const EMAIL_KEY = {
  index: 'sales_customers_email_unique',
  column: 'email',
  field: 'email',
  code: 'Customer.EmailTaken',
  message: 'A Customer with this email exists already',
}

test.group('Constraint violations', () => {
  test('{label} is a 409 {code}')
    .with([
      {
        label: "better-sqlite3's unique violation",
        error: driverError('insert … - UNIQUE constraint failed: t.a', {
          code: 'SQLITE_CONSTRAINT_UNIQUE',
        }),
        code: 'Database.UniqueViolation',
      },
      {
        label: 'a primary key taken',
        error: driverError('UNIQUE constraint failed: t.id', {
          code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
        }),
        code: 'Database.UniqueViolation',
      },
      {
        label: "the sqlite3 driver's plain SQLITE_CONSTRAINT",
        error: driverError('SQLITE_CONSTRAINT: FOREIGN KEY constraint failed', {
          code: 'SQLITE_CONSTRAINT',
        }),
        code: 'Database.ForeignKeyViolation',
      },
      {
        label: "PostgreSQL's 23503",
        error: driverError('delete … violates foreign key constraint', { code: '23503' }),
        code: 'Database.ForeignKeyViolation',
      },
      {
        label: 'a violation wrapped as the cause of another error',
        error: new Error('the write failed', {
          cause: driverError('duplicate key', { code: '23505' }),
        }),
        code: 'Database.UniqueViolation',
      },
    ])
    .run(({ assert }, { error, code }) => {
      const known = translateConstraintViolation(error)
      assert.deepInclude(known, { kind: 'conflict', code })
      // Nothing of the driver's message, which names tables and values.
      assert.notMatch(known!.message, /constraint|duplicate|t\.a|t\.id/)
    })

  test('a NOT NULL or CHECK failure, or any other error, is left alone', ({ assert }) => {
    for (const error of [
      driverError('NOT NULL constraint failed: t.a', { code: 'SQLITE_CONSTRAINT_NOTNULL' }),
      driverError('violates check constraint', { code: '23514' }),
      driverError('SQLITE_CONSTRAINT: CHECK constraint failed: a', { code: 'SQLITE_CONSTRAINT' }),
      new Error('UNIQUE constraint failed: t.a'),
      'not an error',
    ]) {
      assert.isUndefined(translateConstraintViolation(error))
    }
  })

  test("a repository's key, taken, answers its own code and names its field", ({ assert }) => {
    const postgres = driverError('duplicate key value violates unique constraint', {
      code: '23505',
      constraint: 'sales_customers_email_unique',
      table: 'sales_customers',
      detail: 'Key (email)=(ada@example.com) already exists.',
    })
    const taken = uniqueKeyTaken(postgres, 'sales_customers', [EMAIL_KEY])
    const known = translateConstraintViolation(taken)
    assert.deepInclude(known, { kind: 'conflict', code: 'Customer.EmailTaken' })
    assert.deepEqual(known!.fieldErrors, [
      { field: 'email', code: 'Customer.EmailTaken', message: EMAIL_KEY.message },
    ])
  })

  test('a PostgreSQL index renamed by hand is still recognised by the column its detail names', ({
    assert,
  }) => {
    const renamed = driverError('duplicate key value violates unique constraint', {
      code: '23505',
      constraint: 'customers_by_email',
      table: 'sales_customers',
      detail: 'Key (email)=(ada@example.com) already exists.',
    })
    assert.equal(
      uniqueKeyTaken(renamed, 'sales_customers', [EMAIL_KEY])?.code,
      'Customer.EmailTaken'
    )
    const sqlite = driverError('UNIQUE constraint failed: sales_customers.email', {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    })
    assert.equal(uniqueKeyTaken(sqlite, 'sales_customers', [EMAIL_KEY])?.field, 'email')
  })
})

test.group('Missing references', () => {
  const REGION = {
    column: 'region_id',
    field: 'regionId',
    table: 'sales_regions',
    code: 'Account.RegionNotFound',
    message: 'No Region has this regionId',
  }

  test("a PostgreSQL write naming a row that is not there is the reference's own refusal", ({
    assert,
  }) => {
    const error = driverError('insert … violates foreign key constraint', {
      code: '23503',
      table: 'sales_accounts',
      constraint: 'sales_accounts_region_id_foreign',
      detail:
        'Key (region_id)=(0190a5a8-0000-7000-8000-0000000000ff) is not present in table "sales_regions".',
    })
    assert.deepEqual(missingReferenceColumns(error), ['region_id'])
    const gone = referenceGone(error, [REGION])
    assert.instanceOf(gone, ReferenceNotFound)
    assert.equal(gone?.field, 'regionId')
    assert.equal(gone?.cause, error)
  })

  test('a removal of a row still referred to, or an SQLite refusal, names no missing reference', ({
    assert,
  }) => {
    const stillReferenced = driverError('delete … violates foreign key constraint', {
      code: '23503',
      table: 'sales_accounts',
      detail:
        'Key (id)=(0190a5a8-0000-7000-8000-000000000001) is still referenced from table "sales_accounts".',
    })
    const sqlite = driverError('FOREIGN KEY constraint failed', {
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    })
    for (const error of [stillReferenced, sqlite]) {
      assert.isUndefined(missingReferenceColumns(error))
      assert.isUndefined(referenceGone(error, [{ ...REGION, column: 'id' }]))
    }
  })
})
