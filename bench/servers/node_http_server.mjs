// The framework floor: raw node:http answering the floor body.
import { createServer } from 'node:http'
import { FLOOR_BODY } from './floor_body_from_env.mjs'

createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
  res.end(FLOOR_BODY)
}).listen(Number(process.env.PORT), '127.0.0.1')
