// The framework floor: raw node:http answering the small JSON object.
import { createServer } from 'node:http'

const body = JSON.stringify({ hello: 'world' })
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
  res.end(body)
}).listen(Number(process.env.PORT), '127.0.0.1')
