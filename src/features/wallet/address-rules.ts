// The investor's own blockchain address (makeBlockchainAddress; the server checks the same, sync/database/tokens):
// EVM chains take 0x and 40 hexadecimal characters; Tezos takes a tz1/tz2/tz3/KT1 address whose base58check checksum
// holds (a 3-byte prefix, a 20-byte hash, the first 4 bytes of the double SHA-256). Pure: address-rules.test.ts.
import { ADDRESS_TEXT } from "./strings.ts";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const TEZOS_PREFIXES: Record<string, number[]> = {
  tz1: [0x06, 0xa1, 0x9f],
  tz2: [0x06, 0xa1, 0xa1],
  tz3: [0x06, 0xa1, 0xa4],
  KT1: [0x02, 0x5a, 0x79],
};

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 of a short message (synchronous: the form checks as the investor types). */
export function sha256(message: Uint8Array): Uint8Array {
  const length = Math.ceil((message.length + 9) / 64) * 64;
  const data = new Uint8Array(length);
  data.set(message);
  data[message.length] = 0x80;
  const view = new DataView(data.buffer);
  view.setUint32(length - 4, message.length * 8);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let offset = 0; offset < length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] ?? 0;
      const b = w[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [
      h[0] ?? 0,
      h[1] ?? 0,
      h[2] ?? 0,
      h[3] ?? 0,
      h[4] ?? 0,
      h[5] ?? 0,
      h[6] ?? 0,
      h[7] ?? 0,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (next[i] ?? 0)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] ?? 0);
  return out;
}

/** A Tezos tz1/tz2/tz3/KT1 address with a valid base58check checksum. */
export function isTezosAddress(address: string): boolean {
  const prefix = TEZOS_PREFIXES[address.slice(0, 3)];
  if (!prefix || !/^[1-9A-HJ-NP-Za-km-z]{36}$/.test(address)) return false;
  let n = 0n;
  for (const char of address) n = n * 58n + BigInt(BASE58.indexOf(char));
  const bytes = new Uint8Array(27);
  for (let i = 26; i >= 0; i--) {
    bytes[i] = Number(n % 256n);
    n /= 256n;
  }
  if (n !== 0n || prefix.some((byte, i) => bytes[i] !== byte)) return false;
  const check = sha256(sha256(bytes.slice(0, 23)));
  return [0, 1, 2, 3].every((i) => check[i] === bytes[23 + i]);
}

export const isTezosChain = (chain: string) => chain.startsWith("tezos-");
export const isEvmChain = (chain: string) => chain.startsWith("ethereum-");

/** The message for an address the investor enters on a chain, or null when it may be sent. */
export function validateAddress(chain: string, address: string): string | null {
  const clean = address.trim();
  if (isEvmChain(chain)) return /^0x[0-9a-fA-F]{40}$/.test(clean) ? null : ADDRESS_TEXT.evmInvalid;
  if (clean === "") return ADDRESS_TEXT.required;
  if (isTezosChain(chain)) return isTezosAddress(clean) ? null : ADDRESS_TEXT.tezosInvalid;
  if (clean.length > 200 || /\s/.test(clean)) return ADDRESS_TEXT.tooLong;
  return null;
}
