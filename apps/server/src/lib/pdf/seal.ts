/**
 * The platform's seal on a signed PDF (issue 12, signing with evidence; docs/decisions/0027): a
 * PDF signature (adbe.pkcs7.detached, SHA-256, RSA) by the platform's own certificate over the
 * whole file, so a PDF reader shows whether anything changed after signing.
 *
 * - The identity is a PKCS#12 file: the one configured (SEAL_P12_PATH + SEAL_P12_PASSPHRASE), or
 *   one generated on first use under DATA_DIR/seal/ (self-signed, RSA 2048, ten years).
 * - `sealPdf` runs in the PDF worker pool (pool.ts); `sealInThisThread` is what the worker runs.
 * - `verifySeal` checks a sealed file by itself: the byte ranges, the digest and the signature.
 * - The private key and the passphrase are never logged nor put into an error message.
 */
import { createPublicKey, createHash, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile, link } from 'node:fs/promises';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFHexString, PDFInvalidObject, PDFName, PDFRef } from 'pdf-lib';
import { runPdfJob } from './pool.ts';
import { PdfProblem } from './problems.ts';
import { openPdf } from './stamp.ts';

export const SEAL_COMMON_NAME = 'Dealflow Document Seal';
/** id-kp-documentSigning (RFC 9336). */
const OID_DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
const SEAL_FILE = 'seal.p12';
/**
 * The passphrase of a generated PKCS#12. Not a secret: the file is protected by its mode (0600)
 * and its directory, as DATA_DIR/jwt-secret is; a passphrase beside it would protect nothing.
 * It lets `openssl pkcs12 -in DATA_DIR/seal/seal.p12 -passin pass:dealflow-seal` read the file
 * (forge cannot open a PKCS#12 with an empty passphrase).
 */
export const GENERATED_P12_PASSPHRASE = 'dealflow-seal';
/** Room for the PKCS#7 (certificate + signature + attributes ≈ 1.5 kB with RSA 2048, more with a chain). */
const SIGNATURE_LENGTH = 16_384;

export interface SealIdentity {
  /** The PKCS#12 (key and certificate chain). */
  p12: Uint8Array;
  passphrase: string;
  /** The signing certificate, PEM. */
  certificatePem: string;
  /** SHA-256 of the certificate's DER, lower-case hex: what to compare when importing it into a reader. */
  fingerprint: string;
  source: 'configured' | 'generated';
}

export interface SealConfig {
  /** A configured PKCS#12 (SEAL_P12_PATH): used instead of generating one. */
  p12Path?: string | null;
  passphrase?: string;
  /** O of a generated certificate. */
  organization?: string;
}

export interface SealOptions {
  reason: string;
  location: string;
  name: string;
  contactInfo: string;
  /** The signing time written into the signature (now by default). */
  signingTime?: Date;
}

export class SealIdentityError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealIdentityError';
  }
}

/**
 * The platform's identity: the configured PKCS#12, or the one under `dataDir/seal/`, created on the
 * first call. Two instances starting together on one fresh directory end with the same identity:
 * each writes its own temporary file, then links it to the final name, which only one can do (an
 * existing name is never replaced); the other reads the winner's.
 */
export async function loadOrCreateSealIdentity(
  dataDir: string,
  config: SealConfig = {},
): Promise<SealIdentity> {
  if (config.p12Path) {
    let bytes: Buffer;
    try {
      bytes = await readFile(config.p12Path);
    } catch {
      throw new SealIdentityError(`The seal certificate file ${config.p12Path} cannot be read`);
    }
    return identityFromP12(new Uint8Array(bytes), config.passphrase ?? '', 'configured');
  }
  const dir = path.join(dataDir, 'seal');
  const file = path.join(dir, SEAL_FILE);
  const existing = await readIfExists(file);
  if (existing) return identityFromP12(existing, GENERATED_P12_PASSPHRASE, 'generated');

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const p12 = generateP12(config.organization ?? 'Dealflow');
  const temp = path.join(dir, `.${SEAL_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await writeFile(temp, p12, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another instance won: its file is complete (it was linked only once written).
  } finally {
    await unlink(temp).catch(() => {});
  }
  const bytes = await readIfExists(file);
  if (!bytes) throw new SealIdentityError('The seal certificate could not be stored');
  return identityFromP12(bytes, GENERATED_P12_PASSPHRASE, 'generated');
}

async function readIfExists(file: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** A new self-signed identity as PKCS#12 DER. */
function generateP12(organization: string): Uint8Array {
  // Node's key generation is native (forge's JavaScript one takes seconds for 2048 bits).
  const { privateKey: keyPem } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial of 16 random bytes (the top bit cleared).
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  cert.serialNumber = serial.toString('hex');
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const subject = [
    { name: 'commonName', value: SEAL_COMMON_NAME },
    // A UTF8String (forge encodes it): the default PrintableString cannot hold a Chinese name.
    {
      name: 'organizationName',
      value: organization,
      valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
    },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true, [OID_DOCUMENT_SIGNING]: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], GENERATED_P12_PASSPHRASE, {
    algorithm: '3des',
    friendlyName: SEAL_COMMON_NAME,
  });
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
}

interface OpenedP12 {
  key: forge.pki.rsa.PrivateKey;
  certs: forge.pki.Certificate[];
  /** The certificate of the private key. */
  own: forge.pki.Certificate;
}

/** The private key and certificates of a PKCS#12, or why not (never quoting its content). */
function openP12(p12: Uint8Array, passphrase: string): OpenedP12 {
  let key: forge.pki.rsa.PrivateKey | undefined;
  let certs: forge.pki.Certificate[];
  try {
    const parsed = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(Buffer.from(p12).toString('binary')),
      false,
      passphrase,
    );
    const keyBagType = forge.pki.oids.pkcs8ShroudedKeyBag as string;
    const certBagType = forge.pki.oids.certBag as string;
    const keyBag = parsed.getBags({ bagType: keyBagType })[keyBagType]?.[0];
    key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
    certs = (parsed.getBags({ bagType: certBagType })[certBagType] ?? []).flatMap((b) =>
      b.cert ? [b.cert] : [],
    );
  } catch {
    // forge's message may quote the content: say only what is wrong.
    throw new SealIdentityError('The seal certificate file is not a PKCS#12 this passphrase opens');
  }
  if (!key) throw new SealIdentityError('The seal certificate file holds no (shrouded RSA) private key');
  const privateKey = key;
  const own = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(privateKey.n) === 0 && pub.e?.compareTo(privateKey.e) === 0;
  });
  if (!own) throw new SealIdentityError('The seal certificate file has no certificate for its private key');
  return { key: privateKey, certs, own };
}

/** Checks a PKCS#12 holds a private key with its certificate, and describes it. */
function identityFromP12(p12: Uint8Array, passphrase: string, source: SealIdentity['source']): SealIdentity {
  const { own } = openP12(p12, passphrase);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(own)).getBytes();
  return {
    p12,
    passphrase,
    certificatePem: forge.pki.certificateToPem(own),
    fingerprint: createHash('sha256').update(Buffer.from(der, 'binary')).digest('hex'),
    source,
  };
}

/** The sealed PDF; runs in a worker thread, off the event loop. */
export function sealPdf(pdf: Uint8Array, identity: SealIdentity, options: SealOptions): Promise<Uint8Array> {
  return runPdfJob({
    op: 'seal',
    pdf,
    identity: { p12: identity.p12, passphrase: identity.passphrase },
    options,
  });
}

/**
 * The seal itself, in the calling thread. The PDF is rewritten by pdf-lib with an invisible
 * signature field and a placeholder, then the byte ranges around the placeholder are signed.
 */
export async function sealInThisThread(
  pdf: Uint8Array,
  identity: Pick<SealIdentity, 'p12' | 'passphrase'>,
  options: SealOptions,
): Promise<Uint8Array> {
  const doc = await openPdf(pdf);
  const signingTime = options.signingTime ?? new Date();
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason,
    location: options.location,
    name: options.name,
    contactInfo: options.contactInfo,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'Dealflow',
  });
  rewriteTextFields(doc, options);
  // No object streams: the placeholder's dictionary must stay a plain object in the file.
  const withPlaceholder = await doc.save({ useObjectStreams: false });
  const signer = new SealSigner(identity);
  try {
    const signed = await new SignPdf().sign(Buffer.from(withPlaceholder), signer, signingTime);
    return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
  } catch (err) {
    // The signer's messages name no secret, but keep them out of replies anyway.
    throw new PdfProblem('PDF_UNREADABLE', `The PDF could not be sealed (${(err as Error).name})`);
  }
}

/**
 * The PKCS#7 signer: @signpdf/signer-p12's P12Signer, but with the signer's issuer written as it
 * is in the certificate. forge re-encodes the issuer of the signer info from the parsed
 * certificate and encodes a UTF8String's bytes a second time, so a certificate whose names are in
 * Chinese gets a signer info that names no certificate, and no reader can check it.
 */
class SealSigner extends Signer {
  constructor(private readonly identity: Pick<SealIdentity, 'p12' | 'passphrase'>) {
    super();
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const { key, certs, own } = openP12(this.identity.p12, this.identity.passphrase);
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const cert of certs) p7.addCertificate(cert);
    p7.addSigner({
      key,
      certificate: own,
      digestAlgorithm: forge.pki.oids.sha256 as string,
      // The order of the signed attributes is the one the EU validator (DSS) expects.
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data as string },
        {
          type: forge.pki.oids.signingTime as string,
          value: (signingTime ?? new Date()) as unknown as string,
        },
        { type: forge.pki.oids.messageDigest as string },
      ],
    });
    const signers = (p7 as unknown as { signers: Array<{ issuer: unknown }> }).signers;
    const issuer = own.issuer.attributes.map((a) =>
      a.valueTagClass === (forge.asn1.Type.UTF8 as unknown) && typeof a.value === 'string'
        ? { ...a, value: decodeName(a.value) }
        : a,
    );
    for (const s of signers) s.issuer = issuer;
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

/**
 * The placeholder writes /Reason, /Name, /Location and /ContactInfo as literal strings, which
 * cannot carry Chinese: write them again as UTF-16 text strings (readers show them as given).
 */
function rewriteTextFields(doc: Awaited<ReturnType<typeof openPdf>>, options: SealOptions): void {
  const acroForm = doc.catalog.lookup(PDFName.of('AcroForm'), PDFDict);
  const fields = acroForm.lookup(PDFName.of('Fields'));
  if (!(fields instanceof PDFArray) || fields.size() === 0) return;
  // The placeholder's widget is the field it added last.
  const last = fields.get(fields.size() - 1);
  if (!(last instanceof PDFRef)) return;
  const widget = doc.context.lookup(last, PDFDict);
  const sigRef = widget.get(PDFName.of('V'));
  if (!(sigRef instanceof PDFRef)) return;
  const raw = doc.context.lookup(sigRef);
  if (!(raw instanceof PDFInvalidObject)) return;
  // Rebuild the same dictionary with the text fields as UTF-16 hex strings.
  const text = Buffer.from(rawBytes(raw)).toString('latin1');
  let rebuilt = text;
  for (const [key, value] of [
    ['Reason', options.reason],
    ['ContactInfo', options.contactInfo],
    ['Name', options.name],
    ['Location', options.location],
  ] as const) {
    const hex = PDFHexString.fromText(value).toString();
    rebuilt = replaceLiteral(rebuilt, key, hex);
  }
  doc.context.assign(sigRef, PDFInvalidObject.of(new Uint8Array(Buffer.from(rebuilt, 'latin1'))));
}

function rawBytes(obj: PDFInvalidObject): Uint8Array {
  const out = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(out, 0);
  return out;
}

/** Replaces `/Key (literal)` (balanced, with escapes) in a serialized dictionary. */
function replaceLiteral(dict: string, key: string, replacement: string): string {
  const start = dict.indexOf(`/${key} (`);
  if (start < 0) return dict;
  let i = start + key.length + 3;
  let depth = 1;
  while (i < dict.length && depth > 0) {
    const c = dict[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    i++;
  }
  return `${dict.slice(0, start)}/${key} ${replacement}${dict.slice(i)}`;
}

export interface SealVerdict {
  /** The file carries a signature of ours to check (/ByteRange and /Contents). */
  sealed: boolean;
  /** The signed bytes are those that were signed, and the signature over them is valid. */
  intact: boolean;
  /** The signed ranges are the whole file but the signature itself: nothing was appended after. */
  coversWholeFile: boolean;
  /** The signing certificate's common name. */
  signer: string | null;
  /** The signing time of the signature's signed attributes, ISO 8601. */
  signedAt: string | null;
  /**
   * SHA-256 of the signing certificate (hex), to compare with `SealIdentity.fingerprint`: anyone can
   * make a certificate named "Dealflow Document Seal" and sign a changed file with it, which is
   * then intact and whole. Only this comparison (or a reader's trust list) says it is ours.
   */
  certificateFingerprint: string | null;
}

const NOT_SEALED: SealVerdict = {
  sealed: false,
  intact: false,
  coversWholeFile: false,
  signer: null,
  signedAt: null,
  certificateFingerprint: null,
};

const DIGESTS: Record<string, string> = {
  [forge.pki.oids.sha256 as string]: 'sha256',
  [forge.pki.oids.sha384 as string]: 'sha384',
  [forge.pki.oids.sha512 as string]: 'sha512',
};

/**
 * Checks the last signature of a PDF on its own bytes: its /ByteRange must start at 0, leave out
 * exactly the /Contents hex string and (to cover the whole file) end at the end of the file; the
 * digest of the ranges must be the signed messageDigest attribute, and the signature over the
 * signed attributes must verify with the embedded signing certificate's key. It says nothing about
 * whether that certificate is trusted.
 */
export function verifySeal(pdf: Uint8Array): SealVerdict {
  const bytes = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = bytes.toString('latin1');
  const matches = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const match = matches.at(-1);
  if (!match) return NOT_SEALED;
  const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
  const size = bytes.length;
  // The hole is `<hex>`: from a+b (the '<') to c (just past the '>').
  if (a !== 0 || b <= 0 || c <= b + 1 || d < 0 || c + d > size || !Number.isSafeInteger(c + d)) {
    return { ...NOT_SEALED, sealed: true };
  }
  const hole = text.slice(b, c);
  if (!/^<[0-9A-Fa-f]*>$/.test(hole)) return { ...NOT_SEALED, sealed: true };
  const coversWholeFile = c + d === size;
  const hex = hole.slice(1, -1);
  const cms = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  const signed = Buffer.concat([bytes.subarray(0, b), bytes.subarray(c, c + d)]);
  let parsed: ParsedSignature;
  try {
    parsed = parseSignedData(cms);
  } catch {
    return { ...NOT_SEALED, sealed: true, coversWholeFile };
  }
  const digestOk =
    parsed.messageDigest !== null &&
    createHash(parsed.digest).update(signed).digest().equals(parsed.messageDigest);
  let signatureOk = false;
  try {
    signatureOk = verify(parsed.digest, parsed.signedAttrsDer, parsed.publicKeyPem, parsed.signature);
  } catch {
    signatureOk = false;
  }
  return {
    sealed: true,
    intact: digestOk && signatureOk,
    coversWholeFile,
    signer: parsed.signer,
    signedAt: parsed.signedAt,
    certificateFingerprint: parsed.fingerprint,
  };
}

interface ParsedSignature {
  digest: string;
  messageDigest: Buffer | null;
  /** The signed attributes as the DER SET that was signed. */
  signedAttrsDer: Buffer;
  signature: Buffer;
  publicKeyPem: string;
  signer: string | null;
  signedAt: string | null;
  fingerprint: string;
}

const asn1 = forge.asn1;

function child(node: forge.asn1.Asn1 | undefined, i: number): forge.asn1.Asn1 {
  const value = node?.value;
  if (!Array.isArray(value) || !value[i]) throw new Error('unexpected structure');
  return value[i];
}

function children(node: forge.asn1.Asn1): forge.asn1.Asn1[] {
  if (!Array.isArray(node.value)) throw new Error('unexpected structure');
  return node.value;
}

function octets(node: forge.asn1.Asn1): Buffer {
  if (typeof node.value !== 'string') throw new Error('unexpected structure');
  return Buffer.from(node.value, 'binary');
}

function oidOf(node: forge.asn1.Asn1): string {
  return asn1.derToOid(octets(node).toString('binary'));
}

/** CMS SignedData (RFC 5652) with one signer identified by issuer and serial number. */
function parseSignedData(der: Buffer): ParsedSignature {
  // The /Contents hole is padded with zeros after the DER: parse one value, ignore the rest.
  const root = asn1.fromDer(forge.util.createBuffer(der.toString('binary')), {
    strict: false,
    parseAllBytes: false,
  } as unknown as boolean);
  if (oidOf(child(root, 0)) !== forge.pki.oids.signedData) throw new Error('not signed data');
  const signedData = child(child(root, 1), 0);
  const parts = children(signedData);
  const certsNode = parts.find((p) => p.tagClass === asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const signerInfos = parts.at(-1);
  if (!signerInfos || signerInfos.type !== asn1.Type.SET) throw new Error('no signer infos');
  const signerInfo = child(signerInfos, 0);
  const fields = children(signerInfo);
  const sid = child(signerInfo, 1);
  const digestOid = oidOf(child(child(signerInfo, 2), 0));
  const digest = DIGESTS[digestOid];
  if (!digest) throw new Error('unsupported digest');
  const attrsNode = fields.find((f) => f.tagClass === asn1.Class.CONTEXT_SPECIFIC && f.type === 0);
  if (!attrsNode) throw new Error('no signed attributes');
  const signatureNode = fields.find(
    (f) => f.tagClass === asn1.Class.UNIVERSAL && f.type === asn1.Type.OCTETSTRING,
  );
  if (!signatureNode) throw new Error('no signature');

  let messageDigest: Buffer | null = null;
  let signedAt: string | null = null;
  for (const attr of children(attrsNode)) {
    const type = oidOf(child(attr, 0));
    const value = child(child(attr, 1), 0);
    if (type === forge.pki.oids.messageDigest) messageDigest = octets(value);
    if (type === forge.pki.oids.signingTime) {
      const raw = octets(value).toString('binary');
      const at = value.type === asn1.Type.UTCTIME ? asn1.utcTimeToDate(raw) : asn1.generalizedTimeToDate(raw);
      signedAt = Number.isNaN(at.getTime()) ? null : at.toISOString();
    }
  }
  // What is signed is the attributes encoded as a SET, not with the [0] tag they carry here.
  const asSet = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, children(attrsNode));
  const signedAttrsDer = Buffer.from(asn1.toDer(asSet).getBytes(), 'binary');

  if (!certsNode) throw new Error('no certificate');
  // The signer's certificate: the one whose issuer (as encoded) and serial number the signer names.
  const serial = forge.util.bytesToHex(octets(child(sid, 1)).toString('binary')).replace(/^0+/, '');
  const issuerDer = asn1.toDer(child(sid, 0)).getBytes();
  const signerCert =
    children(certsNode)
      .map((node) => ({ node, cert: forge.pki.certificateFromAsn1(node) }))
      .find(({ node, cert }) => {
        const tbs = children(child(node, 0));
        const issuer = tbs[tbs[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 3 : 2];
        return (
          cert.serialNumber.replace(/^0+/, '') === serial &&
          issuer !== undefined &&
          asn1.toDer(issuer).getBytes() === issuerDer
        );
      }) ?? null;
  if (!signerCert) throw new Error('no certificate of the signer');
  const { cert } = signerCert;
  const fingerprint = createHash('sha256')
    .update(Buffer.from(asn1.toDer(signerCert.node).getBytes(), 'binary'))
    .digest('hex');
  const publicKeyPem = createPublicKey(forge.pki.publicKeyToPem(cert.publicKey)).export({
    type: 'spki',
    format: 'pem',
  }) as string;
  const cn = cert.subject.getField('CN') as { value?: unknown } | null;
  return {
    digest,
    messageDigest,
    signedAttrsDer,
    signature: octets(signatureNode),
    publicKeyPem,
    signer: typeof cn?.value === 'string' ? decodeName(cn.value) : null,
    signedAt,
    fingerprint,
  };
}

/** forge keeps a UTF8String's bytes as they are: decode them, or keep them when they are not UTF-8. */
function decodeName(value: string): string {
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}
