import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SECRET_LENGTH, open, SecretBoxError, seal } from '../../functions/lib/services/secret-box';
import { localSecret } from '../../infra/local/local-secret';

const KEY_ID = 'arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555';
const ctx = { workspace: 'USER#u1', item: 'conn-1' };
const API_KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SecretBoxError);
  expect(String((error as Error).message)).not.toContain(API_KEY);
  return error as Error;
}

function envelopeChecks(kind: 'kms' | 'local') {
  it('opens what it sealed, for the same workspace and item only', async () => {
    const sealed = await seal(API_KEY, ctx);
    expect(sealed.startsWith(`sb1.${kind}.`)).toBe(true);
    expect(sealed.split('.')).toHaveLength(6);
    expect(sealed).not.toContain(API_KEY);
    expect(sealed).not.toContain(Buffer.from(API_KEY).toString('base64url'));
    expect(await open(sealed, ctx)).toBe(API_KEY);
    await refusal(open(sealed, { ...ctx, workspace: 'USER#u2' }));
    await refusal(open(sealed, { ...ctx, item: 'conn-2' }));
  });

  it('seals the same text differently each time (a data key and an IV per seal)', async () => {
    const [a, b] = [await seal(API_KEY, ctx), await seal(API_KEY, ctx)];
    expect(a).not.toBe(b);
    expect(a.split('.')[2]).not.toBe(b.split('.')[2]);
  });

  it('refuses a sealed value with any part altered, and what is not one', async () => {
    const sealed = await seal(API_KEY, ctx);
    const parts = sealed.split('.');
    for (const index of [2, 3, 4, 5]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index]!, 'base64url');
      bytes[0]! ^= 1;
      altered[index] = bytes.toString('base64url');
      await refusal(open(altered.join('.'), ctx));
    }
    await refusal(open('sk-plain-text', ctx));
    await refusal(open(sealed.replace(`sb1.${kind}.`, 'sb2.kms.'), ctx));
  });

  it('keeps unicode, refuses an empty context and text past the limit', async () => {
    expect(await open(await seal('clé ✓ 🔑', ctx), ctx)).toBe('clé ✓ 🔑');
    await expect(seal(API_KEY, { workspace: '', item: 'x' })).rejects.toThrow(/workspace and an item/);
    await expect(seal('x'.repeat(MAX_SECRET_LENGTH + 1), ctx)).rejects.toThrow(RangeError);
  });
}

describe('deployed: KMS envelope encryption', () => {
  const kms = mockClient(KMSClient);
  /** A stand-in for KMS: the blob names its data key; Decrypt checks key id and context as KMS does. */
  const keys = new Map<string, { plain: Uint8Array; context: Record<string, string>; keyId: string }>();

  beforeEach(() => {
    process.env.SECRET_BOX_KEY_ID = KEY_ID;
    delete process.env.SECRET_BOX_KEY;
    kms.reset();
    kms.on(GenerateDataKeyCommand).callsFake((input) => {
      const plain = randomBytes(32);
      const blob = randomBytes(48);
      keys.set(blob.toString('hex'), { plain: Uint8Array.from(plain), context: input.EncryptionContext, keyId: input.KeyId });
      return { KeyId: input.KeyId, Plaintext: Uint8Array.from(plain), CiphertextBlob: Uint8Array.from(blob) };
    });
    kms.on(DecryptCommand).callsFake((input) => {
      const entry = keys.get(Buffer.from(input.CiphertextBlob).toString('hex'));
      if (!entry || entry.keyId !== input.KeyId || JSON.stringify(entry.context) !== JSON.stringify(input.EncryptionContext))
        throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
      return { KeyId: input.KeyId, Plaintext: Uint8Array.from(entry.plain) };
    });
  });
  afterEach(() => delete process.env.SECRET_BOX_KEY_ID);
  afterAll(() => kms.restore());

  envelopeChecks('kms');

  it('asks KMS for an AES-256 data key of the configured key, bound to the workspace and item, and unwraps it the same way', async () => {
    const sealed = await seal(API_KEY, ctx);
    const [generate] = kms.commandCalls(GenerateDataKeyCommand);
    expect(generate!.args[0].input).toEqual({ KeyId: KEY_ID, KeySpec: 'AES_256', EncryptionContext: { workspace: 'USER#u1', item: 'conn-1' } });
    // Only the wrapped data key is stored, never the plaintext one.
    const plainKey = Buffer.from((await generate!.returnValue).Plaintext!);
    expect(sealed).not.toContain(plainKey.toString('base64url'));
    await open(sealed, ctx);
    const [decrypt] = kms.commandCalls(DecryptCommand);
    expect(decrypt!.args[0].input).toMatchObject({ KeyId: KEY_ID, EncryptionContext: { workspace: 'USER#u1', item: 'conn-1' } });
  });

  it('lets an error of KMS other than a bad ciphertext through (a 5xx, not a wrong secret)', async () => {
    const sealed = await seal(API_KEY, ctx);
    kms.on(DecryptCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    const error = await open(sealed, ctx).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(SecretBoxError);
    expect((error as Error).name).toBe('ThrottlingException');
  });

  it('will not open a value sealed with the local key', async () => {
    process.env.SECRET_BOX_KEY = randomBytes(32).toString('base64url');
    delete process.env.SECRET_BOX_KEY_ID;
    const local = await seal(API_KEY, ctx);
    process.env.SECRET_BOX_KEY_ID = KEY_ID;
    expect((await refusal(open(local, ctx))).message).toMatch(/sealed with the local key/);
  });
});

describe('one machine: a local 256-bit key', () => {
  const dirs: string[] = [];
  beforeEach(() => {
    delete process.env.SECRET_BOX_KEY_ID;
    process.env.SECRET_BOX_KEY = randomBytes(32).toString('base64url');
  });
  afterAll(() => {
    delete process.env.SECRET_BOX_KEY;
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  envelopeChecks('local');

  it('does not open under another local key', async () => {
    const sealed = await seal(API_KEY, ctx);
    process.env.SECRET_BOX_KEY = randomBytes(32).toString('base64url');
    await refusal(open(sealed, ctx));
  });

  it('refuses a key that is not 256 bits, and says which setting is missing', async () => {
    process.env.SECRET_BOX_KEY = randomBytes(16).toString('base64url');
    await expect(seal(API_KEY, ctx)).rejects.toThrow(/32 bytes/);
    delete process.env.SECRET_BOX_KEY;
    await expect(seal(API_KEY, ctx)).rejects.toThrow(/SECRET_BOX_KEY_ID .* or SECRET_BOX_KEY/);
  });

  it("is generated once into a 0600 file under the data folder, and kept across starts (the local stack's key)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'construct-secret-box-'));
    dirs.push(dir);
    const first = localSecret(dir, 'secret-box-key', undefined, { bytes: 32 });
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(statSync(join(dir, 'secret-box-key')).mode & 0o777).toBe(0o600);
    expect(localSecret(dir, 'secret-box-key', 'ignored', { bytes: 32 })).toBe(first);
    expect(readFileSync(join(dir, 'secret-box-key'), 'utf8')).toBe(first);
    // A value sealed under the kept key opens after a "restart" that reads it again.
    process.env.SECRET_BOX_KEY = first;
    const sealed = await seal(API_KEY, ctx);
    process.env.SECRET_BOX_KEY = localSecret(dir, 'secret-box-key', undefined, { bytes: 32 });
    expect(await open(sealed, ctx)).toBe(API_KEY);
    // In memory (no folder) a key already set is kept, otherwise a fresh one is made.
    expect(localSecret(undefined, 'secret-box-key', first, { bytes: 32 })).toBe(first);
    expect(localSecret(undefined, 'secret-box-key', undefined, { bytes: 32 })).not.toBe(first);
  });
});
