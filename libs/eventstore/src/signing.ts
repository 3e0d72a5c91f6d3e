import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Ed25519 keys for sealing the log (ADR 0030). The private key lives outside the database (config
 * or the data directory); a checkpoint records the public key that signed it, and a verifier only
 * accepts public keys it was given from outside the database. Public keys are written as the
 * base64url of their 32 raw bytes (the JWK `x`), which is short enough to paste into a setting.
 */
export interface LogSigner {
  readonly publicKey: string;
  sign(text: string): string;
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export const generateSigningKey = (): string => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

const privateKeyOf = (pem: string): KeyObject => {
  // a PEM pasted into one environment variable may carry its line breaks as "\n"
  const key = createPrivateKey(pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem);
  if (key.asymmetricKeyType !== 'ed25519') throw new TypeError(`the log signing key must be an Ed25519 key, not ${key.asymmetricKeyType}`);
  return key;
};

const rawPublicKey = (key: KeyObject): string => {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (!jwk.x) throw new TypeError('not an Ed25519 key');
  return jwk.x;
};

/** The public key (base64url, 32 bytes) of a PEM private key. */
export const publicKeyOf = (privateKeyPem: string): string => rawPublicKey(privateKeyOf(privateKeyPem));

export function ed25519Signer(privateKeyPem: string): LogSigner {
  const key = privateKeyOf(privateKeyPem);
  return {
    publicKey: rawPublicKey(key),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), key).toString('base64url'),
  };
}

const publicKeys = new Map<string, KeyObject | null>();
const importPublicKey = (publicKey: string): KeyObject | null => {
  let key = publicKeys.get(publicKey);
  if (key === undefined) {
    try {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    } catch {
      key = null;
    }
    publicKeys.set(publicKey, key);
  }
  return key;
};

/** Whether `signature` (base64url) is `publicKey`'s signature of `text`; false for malformed input. */
export function verifySignature(publicKey: string, text: string, signature: string): boolean {
  const key = importPublicKey(publicKey);
  if (!key) return false;
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
