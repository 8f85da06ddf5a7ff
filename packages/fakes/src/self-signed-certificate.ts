import { generate } from 'selfsigned';

/** A key and certificate in PEM, for a fake server that speaks TLS on 127.0.0.1. */
export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
}

/**
 * A fresh self-signed certificate for `localhost` and 127.0.0.1. Clients trust it only when told to
 * (its `cert` as their CA), so a test also proves an unconfigured client refuses it.
 *
 * @example const certificate = await selfSignedCertificate();
 */
export async function selfSignedCertificate(): Promise<TestCertificate> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
