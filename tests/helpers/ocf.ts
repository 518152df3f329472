// Helpers for the OCF tests: read a package's files from zip bytes, build packages (with correct or broken md5s),
// and compare two packages apart from ids and generation times.
import { createHash } from "node:crypto";
import { strToU8, unzipSync, zipSync } from "fflate";

export type OcfJson = Record<string, unknown> & { file_type: string; items?: Record<string, unknown>[] };

/** Every .ocf.json file of a zip, parsed. */
export function unzipOcf(bytes: Uint8Array): Map<string, OcfJson> {
  const files = unzipSync(bytes);
  return new Map(Object.entries(files).map(([name, data]) => [name, JSON.parse(new TextDecoder().decode(data))]));
}

export function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}

const LISTS: Record<string, string> = {
  OCF_STAKEHOLDERS_FILE: "stakeholders_files",
  OCF_STOCK_CLASSES_FILE: "stock_classes_files",
  OCF_TRANSACTIONS_FILE: "transactions_files",
  OCF_VESTING_TERMS_FILE: "vesting_terms_files",
  OCF_FINANCINGS_FILE: "financings_files",
};

/**
 * A zip with a manifest listing the given files (md5 of their text). `manifest` overrides manifest fields;
 * `md5Override` replaces the listed md5 of a file; `unlisted` files are zipped without being listed.
 */
export function buildPackage(
  files: Record<string, OcfJson>,
  options: {
    manifest?: Record<string, unknown>;
    md5Override?: Record<string, string>;
    omit?: string[];
    unlisted?: Record<string, string>;
  } = {},
): Uint8Array {
  const texts = Object.fromEntries(Object.entries(files).map(([name, json]) => [name, JSON.stringify(json)]));
  const manifest: Record<string, unknown> = {
    ocf_version: "1.2.0",
    file_type: "OCF_MANIFEST_FILE",
    issuer: {
      object_type: "ISSUER",
      id: "issuer-1",
      legal_name: "Test Robotics, Inc.",
      formation_date: "2020-01-02",
      country_of_formation: "US",
    },
    as_of: "2026-01-01",
    generated_at: "2026-01-01T00:00:00.000Z",
    stock_plans_files: [],
    stock_legend_templates_files: [],
    stock_classes_files: [],
    vesting_terms_files: [],
    valuations_files: [],
    transactions_files: [],
    stakeholders_files: [],
  };
  for (const [name, json] of Object.entries(files)) {
    const key = LISTS[json.file_type];
    if (!key) continue;
    const list = (manifest[key] as unknown[] | undefined) ?? [];
    list.push({ filepath: name, md5: options.md5Override?.[name] ?? md5(texts[name] ?? "") });
    manifest[key] = list;
  }
  Object.assign(manifest, options.manifest ?? {});
  const entries: Record<string, Uint8Array> = { "Manifest.ocf.json": strToU8(JSON.stringify(manifest)) };
  for (const [name, text] of Object.entries(texts)) {
    if (!options.omit?.includes(name)) entries[name] = strToU8(text);
  }
  for (const [name, text] of Object.entries(options.unlisted ?? {})) entries[name] = strToU8(text);
  return zipSync(entries);
}

/** A small valid package: two stakeholders, one class, one financing with two issuances, a cancellation. */
export function smallPackage(): Record<string, OcfJson> {
  return {
    "Stakeholders.ocf.json": {
      file_type: "OCF_STAKEHOLDERS_FILE",
      items: [
        {
          object_type: "STAKEHOLDER",
          id: "sh-ada",
          name: { legal_name: "Ada Robotics Fan" },
          stakeholder_type: "INDIVIDUAL",
          contact_info: { emails: [{ email_type: "PERSONAL", email_address: "ada.ocf@example.com" }] },
        },
        {
          object_type: "STAKEHOLDER",
          id: "sh-fund",
          name: { legal_name: "Gearbox Ventures LP" },
          stakeholder_type: "INSTITUTION",
          contact_info: { emails: [{ email_type: "BUSINESS", email_address: "deals.ocf@gearbox.example" }] },
        },
      ],
    },
    "StockClasses.ocf.json": {
      file_type: "OCF_STOCK_CLASSES_FILE",
      items: [
        {
          object_type: "STOCK_CLASS",
          id: "class-common",
          name: "Test Robotics Common",
          class_type: "COMMON",
          default_id_prefix: "CS-",
          initial_shares_authorized: "10000000",
          votes_per_share: "1",
          seniority: "1",
        },
      ],
    },
    "Financings.ocf.json": {
      file_type: "OCF_FINANCINGS_FILE",
      items: [
        {
          object_type: "FINANCING",
          id: "fin-seed",
          name: "Robotics Seed",
          date: "2024-03-01",
          issuance_ids: ["iss-1", "iss-2"],
        },
      ],
    },
    "Transactions.ocf.json": {
      file_type: "OCF_TRANSACTIONS_FILE",
      items: [
        {
          object_type: "TX_STOCK_ISSUANCE",
          id: "iss-1",
          security_id: "sec-1",
          custom_id: "CS-1",
          stakeholder_id: "sh-ada",
          stock_class_id: "class-common",
          date: "2024-03-01",
          quantity: "150000.5",
          share_price: { amount: "0.1234567891", currency: "USD" },
          security_law_exemptions: [],
          stock_legend_ids: [],
        },
        {
          object_type: "TX_STOCK_ISSUANCE",
          id: "iss-2",
          security_id: "sec-2",
          custom_id: "CS-2",
          stakeholder_id: "sh-fund",
          stock_class_id: "class-common",
          date: "2024-03-02",
          quantity: "900000",
          share_price: { amount: "0.25", currency: "USD" },
          security_law_exemptions: [],
          stock_legend_ids: [],
        },
        {
          object_type: "TX_STOCK_CANCELLATION",
          id: "cancel-1",
          security_id: "sec-2",
          date: "2024-06-01",
          quantity: "100000",
          reason_text: "Repurchased",
        },
      ],
    },
  };
}

const ID_KEYS = new Set([
  "id",
  "security_id",
  "custom_id",
  "stakeholder_id",
  "stock_class_id",
  "vesting_terms_id",
  "converts_to_stock_class_id",
]);

/**
 * A package's objects with every id replaced by a stable label (its position among the sorted objects of its
 * kind), so two exports of the same cap table under different ids compare equal. Returns sorted JSON texts.
 */
export function normalisedObjects(files: Map<string, OcfJson>): string[] {
  const items: Record<string, unknown>[] = [];
  for (const [name, file] of files) {
    if (name === "Manifest.ocf.json") continue;
    items.push(...(file.items ?? []));
  }
  // Content without ids decides the label of each id.
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => !ID_KEYS.has(k) && k !== "issuance_ids")
          .map(([k, v]) => [k, strip(v)]),
      );
    }
    return value;
  };
  const labels = new Map<string, string>();
  const sorted = [...items].sort((a, b) => JSON.stringify(strip(a)).localeCompare(JSON.stringify(strip(b))));
  // stakeholders and classes first: issuances are labelled by the content of what they reference
  for (const item of sorted) {
    if (
      item.object_type === "STAKEHOLDER" ||
      item.object_type === "STOCK_CLASS" ||
      item.object_type === "VESTING_TERMS"
    ) {
      labels.set(String(item.id), `${item.object_type}:${JSON.stringify(strip(item))}`);
    }
  }
  const relabel = (value: unknown, key = ""): unknown => {
    if (Array.isArray(value)) {
      const itemKey = key === "issuance_ids" ? "id" : key === "resulting_security_ids" ? "security_id" : key;
      return value.map((v) => relabel(v, itemKey)).sort();
    }
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => k !== "custom_id")
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, relabel(v, k)]),
      );
    }
    if (typeof value === "string" && ID_KEYS.has(key)) return labels.get(value) ?? "<id>";
    return value;
  };
  // issuances: labelled by their content with references relabelled
  for (const item of sorted) {
    if (item.object_type === "TX_STOCK_ISSUANCE") {
      const { id: _id, security_id: _security, ...rest } = item;
      const label = `ISSUANCE:${JSON.stringify(relabel(rest))}`;
      labels.set(String(item.id), label);
      labels.set(String(item.security_id), label);
    }
  }
  return items.map((item) => JSON.stringify(relabel(item))).sort();
}
