import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface Certificate {
  key: string
  cert: string
}

const VALID_FOR_DAYS = 365

/**
 * The self-signed certificate of the development HTTPS listener. It is made on the first start
 * and kept in `<tmp>/dev-certificate/` so browsers and curl see the same one on every restart.
 * Delete that folder to get a new one.
 */
export async function developmentCertificate(tmpDirectory: string): Promise<Certificate> {
  const folder = join(tmpDirectory, 'dev-certificate')
  const keyPath = join(folder, 'localhost.key')
  const certPath = join(folder, 'localhost.crt')
  if (existsSync(keyPath) && existsSync(certPath)) {
    return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8') }
  }
  // Loaded only to make a certificate: the generator and its X.509 libraries are some two
  // hundred modules, about a tenth of a second of every development start that reuses one.
  const { generate } = await import('selfsigned')
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate: new Date(Date.now() + VALID_FOR_DAYS * 24 * 60 * 60 * 1000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  })
  await mkdir(folder, { recursive: true })
  await writeFile(keyPath, pems.private, { mode: 0o600 })
  await writeFile(certPath, pems.cert)
  return { key: pems.private, cert: pems.cert }
}
