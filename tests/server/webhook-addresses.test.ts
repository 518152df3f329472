// Production sends webhooks only to the public internet (sync/webhooks/public-address.ts): every address the host
// has must be public, resolved at delivery time.
import { describe, expect, it } from "vitest";
import { isPublicAddress, NOT_PUBLIC_TEXT, publicAddressRefusal } from "../../sync/webhooks/public-address.ts";

describe("webhook addresses in production", () => {
  it("tells public addresses from this machine's, the private network's and the cloud's metadata", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.5",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses a host when any of its addresses is private, or when it cannot be found", async () => {
    const resolver = (table: Record<string, string[]>) => async (host: string) => {
      const found = table[host];
      if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return found;
    };
    const dns = resolver({
      "hooks.example.com": ["93.184.216.34"],
      "inside.example.com": ["10.0.0.7"],
      "mixed.example.com": ["93.184.216.34", "127.0.0.1"],
    });
    expect(await publicAddressRefusal("https://hooks.example.com/in", dns)).toBeNull();
    expect(await publicAddressRefusal("https://inside.example.com/in", dns)).toBe(NOT_PUBLIC_TEXT);
    expect(await publicAddressRefusal("https://mixed.example.com/in", dns)).toBe(NOT_PUBLIC_TEXT);
    expect(await publicAddressRefusal("https://169.254.169.254/latest/meta-data", dns)).toBe(NOT_PUBLIC_TEXT);
    expect(await publicAddressRefusal("https://[::1]:8443/", dns)).toBe(NOT_PUBLIC_TEXT);
    expect(await publicAddressRefusal("https://gone.example.com/", dns)).toBe(
      "The endpoint's name could not be found.",
    );
  });
});
