import { describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, logoContentType, logoFileError, logoLinkError } from "./logos.ts";
import { MESSAGES } from "./messages.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
const TEXT = new TextEncoder().encode("hello, not an image");
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("logos", () => {
  it("recognises PNG, JPEG and WebP by content, nothing else", () => {
    expect(logoContentType(PNG)).toBe("image/png");
    expect(logoContentType(JPEG)).toBe("image/jpeg");
    expect(logoContentType(WEBP)).toBe("image/webp");
    expect(logoContentType(TEXT)).toBeNull();
    expect(logoContentType(SVG)).toBeNull();
    expect(logoContentType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it("refuses a text file renamed .png, an SVG, a wrong name and a file over 1 MB", () => {
    expect(logoFileError({ name: "logo.png", size: 100 }, PNG)).toBeNull();
    expect(logoFileError({ name: "Logo.JPG", size: 100 }, JPEG)).toBeNull();
    expect(logoFileError({ name: "logo.png", size: 100 }, TEXT)).toBe(MESSAGES.logoType);
    expect(logoFileError({ name: "logo.svg", size: 100 }, SVG)).toBe(MESSAGES.logoType);
    expect(logoFileError({ name: "logo.txt", size: 100 }, PNG)).toBe(MESSAGES.logoType);
    expect(logoFileError({ name: "logo.png", size: LOGO_MAX_BYTES + 1 }, PNG)).toBe(MESSAGES.logoTooLarge);
    expect(logoFileError({ name: "logo.png", size: LOGO_MAX_BYTES }, PNG)).toBeNull();
  });

  it("accepts web addresses as the logo link and refuses the rest", () => {
    for (const good of ["", "  ", "https://example.com", "http://www.example.co.uk:8080/about?x=1#top"])
      expect(logoLinkError(good)).toBeNull();
    for (const bad of [
      "example.com",
      "javascript:alert(1)",
      "https://",
      "https://localhost",
      "ftp://x.test",
      "https://a b.com",
    ])
      expect(logoLinkError(bad)).toBe(MESSAGES.logoLink);
    expect(logoLinkError(`https://x.test/${"a".repeat(2000)}`)).toMatch(/at most 2000/);
  });
});
