import { describe, expect, it } from "vitest";
import { WEBHOOK_URL_TEXT, webhookSignedText, webhookUrlError } from "./webhooks.ts";

describe("webhookUrlError", () => {
  const dev = { allowLoopbackHttp: true };
  const production = { allowLoopbackHttp: false };

  it("accepts https anywhere, and plain http only to this computer outside production", () => {
    expect(webhookUrlError("https://hooks.example.com/ledgerline?x=1", production)).toBeNull();
    expect(webhookUrlError("  https://hooks.example.com  ", production)).toBeNull();
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://localhost/hook",
      "http://[::1]:9000",
      "HTTP://LOCALHOST",
    ]) {
      expect(webhookUrlError(url, dev)).toBeNull();
      expect(webhookUrlError(url, production)).toBe(WEBHOOK_URL_TEXT.httpsOnly);
    }
  });

  it("refuses other addresses with the text to show", () => {
    expect(webhookUrlError("", dev)).toBe(WEBHOOK_URL_TEXT.required);
    expect(webhookUrlError("http://hooks.example.com/x", dev)).toBe(WEBHOOK_URL_TEXT.httpsOrLoopback);
    // a loopback name as a user part or a longer host is not this computer
    expect(webhookUrlError("http://localhost@evil.example.com/", dev)).toBe(WEBHOOK_URL_TEXT.httpsOrLoopback);
    expect(webhookUrlError("http://localhost.evil.example.com/", dev)).toBe(WEBHOOK_URL_TEXT.httpsOrLoopback);
    expect(webhookUrlError("https://user@hooks.example.com/", production)).toBe(WEBHOOK_URL_TEXT.httpsOnly);
    expect(webhookUrlError("ftp://hooks.example.com/", production)).toBe(WEBHOOK_URL_TEXT.httpsOnly);
    expect(webhookUrlError(`https://hooks.example.com/${"a".repeat(2000)}`, production)).toBe(WEBHOOK_URL_TEXT.tooLong);
  });

  it("signs the timestamp, a dot and the body", () => {
    expect(webhookSignedText("1700000000", '{"a":1}')).toBe('1700000000.{"a":1}');
  });
});
