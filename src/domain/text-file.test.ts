import { describe, expect, it } from "vitest";
import { decodeTextFile, NOT_TEXT, NOT_UTF8, READ_AS_WINDOWS_1252 } from "./text-file.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const utf16 = (text: string, bigEndian: boolean) => {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out[2 + i * 2] = bigEndian ? code >> 8 : code & 0xff;
    out[3 + i * 2] = bigEndian ? code & 0xff : code >> 8;
  }
  return out;
};

describe("decodeTextFile", () => {
  it("reads UTF-8 as it is, with no note", () => {
    expect(decodeTextFile(utf8("Name\nFrançois"))).toEqual({
      ok: true,
      text: "Name\nFrançois",
      encoding: "utf-8",
      note: null,
    });
  });

  it("drops a UTF-8 byte order mark", () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8("Email\nzoë@x.io")]);
    expect(decodeTextFile(bytes)).toMatchObject({ ok: true, text: "Email\nzoë@x.io", encoding: "utf-8" });
  });

  it("reads a Latin-1 (Windows-1252) file correctly and says so, never with replacement characters", () => {
    const decoded = decodeTextFile(latin1("Contact Name,Email\nFrançois Müller,f@x.io\n"));
    expect(decoded).toEqual({
      ok: true,
      text: "Contact Name,Email\nFrançois Müller,f@x.io\n",
      encoding: "windows-1252",
      note: READ_AS_WINDOWS_1252,
    });
    expect(decoded.ok && decoded.text).not.toContain("\ufffd");
    // Windows-1252's own letters (0x80-0x9f): the euro sign and the curly quotes.
    expect(decodeTextFile(Uint8Array.from([0x80, 0x20, 0x93, 0x61, 0x94, 0xe9]))).toMatchObject({ text: "€ “a”é" });
  });

  it("reads UTF-16 with its mark, little and big endian", () => {
    for (const bigEndian of [false, true]) {
      expect(decodeTextFile(utf16("Email\tAmount\nfrançois@x.io\t5", bigEndian))).toMatchObject({
        ok: true,
        text: "Email\tAmount\nfrançois@x.io\t5",
      });
    }
  });

  it("refuses what no encoding reads cleanly, with a message", () => {
    // a UTF-8 mark, then bytes that are not UTF-8
    expect(decodeTextFile(Uint8Array.from([0xef, 0xbb, 0xbf, 0x46, 0xe7, 0x6f]))).toEqual({
      ok: false,
      message: NOT_UTF8,
    });
    // bytes Windows-1252 does not define
    expect(decodeTextFile(Uint8Array.from([0x41, 0x81, 0x8d, 0xe9]))).toEqual({ ok: false, message: NOT_UTF8 });
    // NUL: a binary file, or UTF-16 without its mark
    expect(decodeTextFile(Uint8Array.from([0x41, 0x00, 0x42, 0x00]))).toEqual({ ok: false, message: NOT_TEXT });
    // an odd UTF-16 byte count
    expect(decodeTextFile(Uint8Array.from([0xff, 0xfe, 0x41]))).toEqual({ ok: false, message: NOT_TEXT });
  });

  it("takes an ArrayBuffer as File.arrayBuffer() gives it", () => {
    expect(decodeTextFile(utf8("a,b").buffer as ArrayBuffer)).toMatchObject({ ok: true, text: "a,b" });
  });
});
