// The built-in signer's key and certificate (docs/SIGNING.md "Key"): a PKCS#12 file with an RSA key and a
// self-signed X.509 certificate, created at the first start beside the embedded database's data directory
// (<DATA_DIR>/../signing/signing.p12; a temporary directory for an in-memory database) or read from
// SIGNING_P12_FILE (with SIGNING_P12_PASSPHRASE) when configured: an organisation's own certificate, which readers
// then trust as they trust its issuer. The certificate is also written as PEM beside a created file, so anyone can
// verify a signed PDF with openssl.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import forge from "node-forge";

export interface SigningKey {
  /** The PKCS#12 file's bytes and its passphrase (what @signpdf/signer-p12 takes). */
  p12: Buffer;
  passphrase: string;
  /** The certificate as PEM (for verifiers). */
  certificatePem: string;
  /** Where the PKCS#12 file lives. */
  file: string;
}

export interface SigningKeyOptions {
  dataDir: string | null;
  env?: NodeJS.ProcessEnv;
  /** The certificate's common name (default "Ledgerline Signing"). */
  commonName?: string;
}

const DEFAULT_PASSPHRASE_FILE = "signing.passphrase";

let temporaryDir: Promise<string> | null = null;

async function defaultDir(dataDir: string | null): Promise<string> {
  if (dataDir) return join(dataDir, "..", "signing");
  temporaryDir ??= mkdtemp(join(tmpdir(), "ledgerline-signing-"));
  return temporaryDir;
}

/** A new RSA key and a self-signed certificate valid for ten years, as a PKCS#12 file. */
export function createSigningP12(commonName: string, passphrase: string): { p12: Buffer; certificatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  certificate.validity.notBefore = new Date(Date.now() - 60_000);
  certificate.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: "Ledgerline" },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: "3des" });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
  return { p12, certificatePem: forge.pki.certificateToPem(certificate) };
}

/** The certificate (PEM) inside a PKCS#12 file. */
export function certificateOfP12(p12: Buffer, passphrase: string): string {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  const certBag = forge.pki.oids.certBag as string;
  const bags = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const certificate = bags[0]?.cert;
  if (!certificate) throw new Error("The signing PKCS#12 file holds no certificate.");
  return forge.pki.certificateToPem(certificate);
}

/** The configured key, or the one created beside the data directory (created now if missing). */
export async function loadSigningKey(options: SigningKeyOptions): Promise<SigningKey> {
  const env = options.env ?? process.env;
  const configured = env.SIGNING_P12_FILE?.trim();
  if (configured) {
    const passphrase = env.SIGNING_P12_PASSPHRASE ?? "";
    const p12 = await readFile(configured);
    return { p12, passphrase, certificatePem: certificateOfP12(p12, passphrase), file: configured };
  }
  const dir = await defaultDir(options.dataDir);
  const file = join(dir, "signing.p12");
  const passphraseFile = join(dir, DEFAULT_PASSPHRASE_FILE);
  if (existsSync(file) && existsSync(passphraseFile)) {
    const passphrase = (await readFile(passphraseFile, "utf8")).trim();
    const p12 = await readFile(file);
    return { p12, passphrase, certificatePem: certificateOfP12(p12, passphrase), file };
  }
  const passphrase = randomBytes(24).toString("base64url");
  const created = createSigningP12(options.commonName ?? "Ledgerline Signing", passphrase);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(passphraseFile, `${passphrase}\n`, { mode: 0o600 });
  await writeFile(file, created.p12, { mode: 0o600 });
  await writeFile(join(dir, "signing-certificate.pem"), created.certificatePem);
  return { p12: created.p12, passphrase, certificatePem: created.certificatePem, file };
}
