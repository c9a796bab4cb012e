// Fastify 5 with pg: the floor route, the same product read as Pantheon's GET, and a create
// running the same statements as Pantheon's with its relay in the process (the product and its
// outbox row in one transaction; that relay is woken without a notification), its body checked
// by a JSON schema as Fastify's docs recommend.
import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import pg from 'pg'
import { v7 as uuidv7 } from 'uuid'
import { FLOOR_BODY } from './floor_body_from_env.mjs'

const app = Fastify({ logger: false })
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })

// A string is sent as it is, so the JSON content type is set here.
app.get('/floor', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(FLOOR_BODY)
)
app.get('/products/:id', async (request, reply) => {
  const { rows } = await pool.query('select id, name, price from catalog_products where id = $1', [
    request.params.id,
  ])
  if (rows.length === 0) return reply.code(404).send({ code: 'Product.NotFound' })
  return { id: rows[0].id, name: rows[0].name, price: Number(rows[0].price) }
})

const createBody = {
  type: 'object',
  required: ['name', 'price'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    price: { type: 'number', minimum: 0, maximum: 999999999999.99 },
  },
}

app.post('/products', { schema: { body: createBody } }, async (request, reply) => {
  const name = request.body.name.trim()
  const price = request.body.price
  // At most two decimals: JSON schema's multipleOf would refuse 19.99 (floating point).
  if (!/^\d+(\.\d{1,2})?$/.test(String(price)))
    return reply.code(400).send({ code: 'Validation.Failed', field: 'price' })
  const id = uuidv7()
  const now = new Date()
  const client = await pool.connect()
  try {
    await client.query('begin')
    await client.query(
      'insert into catalog_products (id, name, price, created_at) values ($1, $2, $3, $4)',
      [id, name, price.toFixed(2), now]
    )
    await client.query(
      `insert into pantheon_outbox (id, type, version, payload, correlation_id, occurred_at, status, attempts, next_attempt_at)
       values ($1, 'catalog.product_created', 1, $2, $3, $4, 'pending', 0, $4)`,
      [uuidv7(), JSON.stringify({ id, name, price }), randomUUID(), now]
    )
    await client.query('commit')
  } catch (error) {
    await client.query('rollback')
    throw error
  } finally {
    client.release()
  }
  return reply
    .code(201)
    .header('location', `/products/${id}`)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(id))
})

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
