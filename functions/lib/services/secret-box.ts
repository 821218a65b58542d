import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KMSClient } from '@aws-sdk/client-kms';

/**
 * Secrets users give (a model connection's API key, a webhook's signing secret), encrypted at
 * rest by envelope encryption: each seal draws a fresh 256-bit data key, encrypts the text with
 * AES-256-GCM under it, and stores the data key wrapped by a master key beside the ciphertext.
 *
 * - Deployed (`SECRET_BOX_KEY_ID`, a customer-managed KMS key given only to the functions whose
 *   route or worker says `secrets: true`): KMS GenerateDataKey wraps, KMS Decrypt unwraps, with
 *   the owning workspace and item as the encryption context, so a sealed value copied onto
 *   another item or workspace does not open (and CloudTrail names both on every use).
 * - One machine (`SECRET_BOX_KEY`, 32 random bytes generated once into a 0600 file under
 *   DATA_DIR by the local stack, in memory for the test stack): the data key is wrapped with
 *   AES-256-GCM under that key, the context as associated data. Same format.
 *
 * The context is also the ciphertext's associated data. Nothing here logs, and no error carries
 * the text.
 */
export interface SecretContext {
  /** The owning workspace's partition (`USER#…` or `TEAM#…`). */
  workspace: string;
  /** The id of the item holding the secret (the connection, the webhook). */
  item: string;
}

/** A sealed value that does not open: damaged, or presented with another workspace or item. */
export class SecretBoxError extends Error {}

/** `sb1.<kms|local>.<wrapped data key>.<iv>.<ciphertext>.<tag>`, base64url parts. */
const VERSION = 'sb1';
/** Secrets users give are keys and signing secrets, not documents. */
export const MAX_SECRET_LENGTH = 8 * 1024;

type Wrapper = {
  kind: 'kms' | 'local';
  newDataKey(context: SecretContext): Promise<{ plain: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer, context: SecretContext): Promise<Buffer>;
};

export async function seal(plaintext: string, context: SecretContext): Promise<string> {
  if (plaintext.length > MAX_SECRET_LENGTH) throw new RangeError(`A secret holds at most ${MAX_SECRET_LENGTH} characters.`);
  const wrapper = currentWrapper();
  const { plain, wrapped } = await wrapper.newDataKey(checked(context));
  try {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', plain, iv).setAAD(aad(wrapper.kind, context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, wrapper.kind, wrapped, iv, ciphertext, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  } finally {
    plain.fill(0);
  }
}

export async function open(sealed: string, context: SecretContext): Promise<string> {
  const parts = sealed.split('.');
  const [version, kind, ...rest] = parts;
  if (parts.length !== 6 || version !== VERSION || (kind !== 'kms' && kind !== 'local')) throw new SecretBoxError('Not a sealed secret.');
  const wrapper = currentWrapper();
  if (wrapper.kind !== kind) throw new SecretBoxError(`This secret was sealed with the ${kind} key, and this process has the ${wrapper.kind} one.`);
  const [wrapped, iv, ciphertext, tag] = rest.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer, Buffer];
  const key = await wrapper.unwrap(wrapped, checked(context));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(aad(kind, context)).setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('The sealed secret does not open for this workspace and item.');
  } finally {
    key.fill(0);
  }
}

function checked(context: SecretContext): SecretContext {
  if (!context.workspace || !context.item) throw new Error('A secret is sealed for a workspace and an item.');
  return context;
}

/** The associated data: the format and the context, in one fixed order. */
const aad = (kind: string, { workspace, item }: SecretContext) => Buffer.from(JSON.stringify([VERSION, kind, workspace, item]));

function currentWrapper(): Wrapper {
  const keyId = process.env.SECRET_BOX_KEY_ID;
  if (keyId) return kmsWrapper(keyId);
  const local = process.env.SECRET_BOX_KEY;
  if (local) return localWrapper(local);
  throw new Error('The secret box has no key: SECRET_BOX_KEY_ID (deployed) or SECRET_BOX_KEY (one machine) must be set.');
}

let kms: Promise<{ client: KMSClient; sdk: typeof import('@aws-sdk/client-kms') }> | undefined;

function kmsWrapper(keyId: string): Wrapper {
  kms ??= import('@aws-sdk/client-kms').then((sdk) => ({ sdk, client: new sdk.KMSClient({}) }));
  return {
    kind: 'kms',
    async newDataKey({ workspace, item }) {
      const { sdk, client } = await kms!;
      const out = await client.send(new sdk.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: { workspace, item } }));
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key.');
      return { plain: Buffer.from(out.Plaintext), wrapped: Buffer.from(out.CiphertextBlob) };
    },
    async unwrap(wrapped, { workspace, item }) {
      const { sdk, client } = await kms!;
      try {
        const out = await client.send(new sdk.DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: { workspace, item } }));
        if (!out.Plaintext) throw new Error('no plaintext');
        return Buffer.from(out.Plaintext);
      } catch (error) {
        if ((error as { name?: string }).name === 'InvalidCiphertextException' || (error as Error).message === 'no plaintext')
          throw new SecretBoxError('The sealed secret does not open for this workspace and item.');
        throw error;
      }
    },
  };
}

function localWrapper(encoded: string): Wrapper {
  const master = Buffer.from(encoded, 'base64url');
  if (master.length !== 32) throw new Error('SECRET_BOX_KEY must be 32 bytes, base64url-encoded.');
  return {
    kind: 'local',
    async newDataKey(context) {
      const plain = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', master, iv).setAAD(aad('local-key', context));
      return { plain, wrapped: Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]) };
    },
    async unwrap(wrapped, context) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', master, wrapped.subarray(0, 12)).setAAD(aad('local-key', context)).setAuthTag(wrapped.subarray(-16));
        return Buffer.concat([decipher.update(wrapped.subarray(12, -16)), decipher.final()]);
      } catch {
        throw new SecretBoxError('The sealed secret does not open for this workspace and item.');
      }
    },
  };
}
