// Fastify 5 with pg: the floor route and the same product read as Pantheon's GET.
import Fastify from 'fastify'
import pg from 'pg'
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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
