import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { appendCertificateInThisThread } from './certificate.ts';
import { pdfPool } from './pool.ts';
import {
  loadOrCreateSealIdentity,
  SEAL_COMMON_NAME,
  type SealIdentity,
  SealIdentityError,
  sealInThisThread,
  sealPdf,
  verifySeal,
} from './seal.ts';
import { extractText } from './text.ts';

const OPTIONS = {
  reason: '電子簽署完成 Signed with evidence',
  location: '台北 Taipei',
  name: 'Dealflow',
  contactInfo: 'support@dealflow.example',
};

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dealflow-seal-'));
  dirs.push(dir);
  return dir;
}

async function samplePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Contract body', { x: 50, y: 700, size: 12 });
  doc.addPage([595, 842]);
  return appendCertificateInThisThread(await doc.save(), {
    document: { title: '保密協議', kind: 'nda', id: 7, sha256: 'a'.repeat(64) },
    signer: {
      name: '林美華',
      email: 'lin@example.com',
      signedAt: '2026-11-26T07:04:05Z',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
    },
    signature: { typedName: '林美華' },
    consent: '本人同意以電子方式簽署。',
    trail: [],
  });
}

/** A PKCS#12 made elsewhere (as a firm's real certificate would be), with a passphrase. */
function externalP12(commonName: string, passphrase: string): Uint8Array {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0badc0de';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2030-01-01T00:00:00Z');
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Example Capital' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const der = forge.asn1
    .toDer(forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des' }))
    .getBytes();
  return new Uint8Array(Buffer.from(der, 'binary'));
}

let identity: SealIdentity;
let sealed: Uint8Array;
const signingTime = new Date('2026-11-26T07:05:06Z');

beforeAll(async () => {
  identity = await loadOrCreateSealIdentity(await freshDir(), { organization: '星光創投股份有限公司' });
  sealed = await sealInThisThread(await samplePdf(), identity, { ...OPTIONS, signingTime });
});

afterAll(async () => {
  await pdfPool().close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('loadOrCreateSealIdentity', () => {
  it('creates one identity in a fresh directory even when two calls race, stores it 0600, and reuses it', async () => {
    const dir = await freshDir();
    const [a, b] = await Promise.all([loadOrCreateSealIdentity(dir), loadOrCreateSealIdentity(dir)]);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(b.fingerprint).toBe(a.fingerprint);
    expect(b.certificatePem).toBe(a.certificatePem);
    expect(a.source).toBe('generated');
    const again = await loadOrCreateSealIdentity(dir);
    expect(again.fingerprint).toBe(a.fingerprint);
    // Only the identity is left: no temporary file of the loser.
    expect(await readdir(path.join(dir, 'seal'))).toEqual(['seal.p12']);
    expect((await stat(path.join(dir, 'seal', 'seal.p12'))).mode & 0o777).toBe(0o600);
  });

  it('makes a self-signed ten-year certificate for document signing', () => {
    const cert = forge.pki.certificateFromPem(identity.certificatePem);
    expect(cert.subject.getField('CN').value).toBe(SEAL_COMMON_NAME);
    expect(forge.util.decodeUtf8(cert.subject.getField('O').value)).toBe('星光創投股份有限公司');
    expect(cert.issuer.hash).toBe(cert.subject.hash);
    const years = cert.validity.notAfter.getUTCFullYear() - cert.validity.notBefore.getUTCFullYear();
    expect(years).toBe(10);
    const usage = cert.getExtension('keyUsage') as { digitalSignature?: boolean; nonRepudiation?: boolean };
    expect(usage.digitalSignature).toBe(true);
    expect(usage.nonRepudiation).toBe(true);
    const ext = cert.getExtension('extKeyUsage') as Record<string, unknown>;
    expect(ext.emailProtection).toBe(true);
    expect((cert.publicKey as forge.pki.rsa.PublicKey).n.bitLength()).toBe(2048);
  });

  it('uses the configured PKCS#12 instead of generating one, and refuses a wrong passphrase without quoting it', async () => {
    const dir = await freshDir();
    const file = path.join(dir, 'firm.p12');
    await writeFile(file, externalP12('Example Capital Seal', 'correct horse'));
    const configured = await loadOrCreateSealIdentity(dir, { p12Path: file, passphrase: 'correct horse' });
    expect(configured.source).toBe('configured');
    // Nothing generated beside it.
    expect(await readdir(dir)).toEqual(['firm.p12']);
    const out = await sealInThisThread(await samplePdf(), configured, OPTIONS);
    expect(verifySeal(out)).toMatchObject({
      sealed: true,
      intact: true,
      signer: 'Example Capital Seal',
      certificateFingerprint: configured.fingerprint,
    });
    expect(configured.fingerprint).not.toBe(identity.fingerprint);

    const wrong = loadOrCreateSealIdentity(dir, { p12Path: file, passphrase: 'battery staple' });
    await expect(wrong).rejects.toBeInstanceOf(SealIdentityError);
    await expect(wrong).rejects.not.toThrow(/battery/);
    await expect(loadOrCreateSealIdentity(dir, { p12Path: path.join(dir, 'none.p12') })).rejects.toThrow(
      SealIdentityError,
    );
  });
});

describe('sealPdf and verifySeal', () => {
  it('seals the whole file and verifies it: signer, time, the certificate pages still readable', async () => {
    expect(verifySeal(sealed)).toEqual({
      sealed: true,
      intact: true,
      coversWholeFile: true,
      signer: SEAL_COMMON_NAME,
      signedAt: signingTime.toISOString(),
      certificateFingerprint: identity.fingerprint,
    });
    const text = (await extractText(sealed)).join('\n');
    expect(text).toContain('電子簽署完成證明');
    expect(text).toContain('林美華');
    // The signature dictionary says what it is, its texts in Chinese as given (UTF-16).
    const raw = Buffer.from(sealed).toString('latin1');
    expect(raw).toContain('/SubFilter /adbe.pkcs7.detached');
    expect(raw).toContain(
      `/Reason <${Buffer.from(`\ufeff${OPTIONS.reason}`, 'utf16le').swap16().toString('hex').toUpperCase()}>`,
    );
  });

  it('says a changed byte anywhere in the signed ranges breaks it', () => {
    const raw = Buffer.from(sealed).toString('latin1');
    const [, , b, c] = (raw.match(/\/ByteRange \[(\d+) (\d+) (\d+) (\d+)/) ?? []).map(Number) as number[];
    for (const at of [0, 100, Math.floor((b ?? 0) / 2), (b ?? 0) - 1, c ?? 0, sealed.length - 1]) {
      const tampered = new Uint8Array(sealed);
      tampered[at] = (tampered[at] ?? 0) ^ 0x01;
      const verdict = verifySeal(tampered);
      expect(verdict.intact, `byte ${at}`).toBe(false);
    }
  });

  it('says a file with bytes appended after the signature (an incremental update) is not all covered', () => {
    const appended = Buffer.concat([
      Buffer.from(sealed),
      Buffer.from('\n1 0 obj\n(changed)\nendobj\n%%EOF\n'),
    ]);
    const verdict = verifySeal(appended);
    expect(verdict.coversWholeFile).toBe(false);
    // What was signed is still intact: the change is only after it.
    expect(verdict.intact).toBe(true);
  });

  it('finds no seal in an unsigned PDF, and a forged signature fails', async () => {
    const plain = await samplePdf();
    expect(verifySeal(plain)).toMatchObject({ sealed: false, intact: false });
    // A /Contents of zeros (a placeholder never signed) is not a valid seal.
    const raw = Buffer.from(sealed).toString('latin1');
    const forged = raw.replace(
      /\/Contents <([0-9a-fA-F]+)>/,
      (_m, hex: string) => `/Contents <${'0'.repeat(hex.length)}>`,
    );
    expect(verifySeal(new Uint8Array(Buffer.from(forged, 'latin1')))).toMatchObject({
      sealed: true,
      intact: false,
    });
  });

  it('seals in the worker pool', async () => {
    const out = await sealPdf(await samplePdf(), identity, OPTIONS);
    expect(verifySeal(out)).toMatchObject({ sealed: true, intact: true, coversWholeFile: true });
  });
});

describe('SEAL_P12_* configuration', () => {
  it('takes both or neither, and a file that exists', async () => {
    const dir = await freshDir();
    const file = path.join(dir, 'firm.p12');
    await writeFile(file, externalP12('Example Capital Seal', 'pw'));
    expect(loadConfig({ NODE_ENV: 'test' }).seal).toEqual({ p12Path: null, passphrase: '' });
    expect(loadConfig({ NODE_ENV: 'test', SEAL_P12_PATH: file, SEAL_P12_PASSPHRASE: 'pw' }).seal).toEqual({
      p12Path: file,
      passphrase: 'pw',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', SEAL_P12_PATH: file })).toThrow(/SEAL_P12_PASSPHRASE/);
    expect(() => loadConfig({ NODE_ENV: 'test', SEAL_P12_PASSPHRASE: 'pw' })).toThrow(/SEAL_P12_PATH/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SEAL_P12_PATH: path.join(dir, 'none.p12'), SEAL_P12_PASSPHRASE: '' }),
    ).toThrow(ConfigError);
  });
});
