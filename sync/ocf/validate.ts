// Validation of Open Cap Format 1.2.0 packages the way the official validator does it (utils/validate.mjs of
// Open-Cap-Table-Coalition/Open-Cap-Format-OCF v1.2.0: ajv 8 with every schema of sync/ocf/schema/ loaded,
// ajv-formats, the manifest against its file schema, every other file's items one by one against the schema of
// the item's object_type), plus the reference checks the schemas miss: ids unique, every referenced id exists,
// quantities non-negative, issuance totals equal the cap table.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { add, compare, type Fraction, fromDecimal, mul, sub, toDecimal, ZERO } from "./rational.ts";

export const OCF_VERSION = "1.2.0";
export const SCHEMA_DIR = fileURLToPath(new URL("./schema/", import.meta.url));
const SCHEMA_BASE = `https://schema.opencaptablecoalition.com/v/${OCF_VERSION}/`;

/** One problem, naming the file and the object it concerns. */
export interface OcfProblem {
  file: string;
  objectId: string | null;
  message: string;
  /** errors refuse the package; warnings are shown and the object is not imported */
  severity: "error" | "warning";
}

export interface OcfFile {
  file_type: string;
  items?: OcfObject[];
  [key: string]: unknown;
}

export interface OcfObject {
  id: string;
  object_type: string;
  [key: string]: unknown;
}

/** file_type -> the manifest's list of files of that type (schema/files/OCFManifestFile.schema.json). */
export const FILE_LISTS: Record<string, string> = {
  OCF_STAKEHOLDERS_FILE: "stakeholders_files",
  OCF_STOCK_CLASSES_FILE: "stock_classes_files",
  OCF_STOCK_LEGEND_TEMPLATES_FILE: "stock_legend_templates_files",
  OCF_STOCK_PLANS_FILE: "stock_plans_files",
  OCF_TRANSACTIONS_FILE: "transactions_files",
  OCF_VALUATIONS_FILE: "valuations_files",
  OCF_VESTING_TERMS_FILE: "vesting_terms_files",
  OCF_FINANCINGS_FILE: "financings_files",
  OCF_DOCUMENTS_FILE: "documents_files",
};

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".schema.json"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

interface Validators {
  manifest: ValidateFunction;
  files: Map<string, ValidateFunction>;
  objects: Map<string, ValidateFunction>;
  objectTypes: Set<string>;
}

let validators: Validators | null = null;

/** Compiles the vendored schemas once per process (the official getOcfValidator + buildObjectSchemaMap). */
export function ocfValidators(): Validators {
  if (validators) return validators;
  const schemas = schemaFiles(SCHEMA_DIR).map((path) => JSON.parse(readFileSync(path, "utf8")));
  const ajv = new Ajv({ schemas, validateSchema: "log", logger: false });
  const addFormats = addFormatsModule as unknown as (a: Ajv) => void;
  addFormats(ajv);
  const objectTypes = new Set<string>(
    JSON.parse(readFileSync(join(SCHEMA_DIR, "enums/ObjectType.schema.json"), "utf8")).enum,
  );
  const objects = new Map<string, ValidateFunction>();
  for (const schema of schemas) {
    if (!String(schema.$id).startsWith(`${SCHEMA_BASE}objects/`)) continue;
    const objectType = schema.properties?.object_type;
    if (!objectType) continue; // a backwards-compatibility wrapper (allOf of one $ref): its target is mapped
    const validate = ajv.getSchema(schema.$id);
    if (!validate) throw new Error(`OCF schema ${schema.$id} did not compile`);
    const types: string[] = typeof objectType.const === "string" ? [objectType.const] : (objectType.enum ?? []);
    for (const type of types) if (type) objects.set(type, validate);
  }
  const files = new Map<string, ValidateFunction>();
  for (const schema of schemas) {
    if (!String(schema.$id).startsWith(`${SCHEMA_BASE}files/`)) continue;
    const fileType = schema.properties?.file_type?.const;
    const validate = ajv.getSchema(schema.$id);
    if (typeof fileType === "string" && validate) files.set(fileType, validate);
  }
  const manifest = files.get("OCF_MANIFEST_FILE");
  if (!manifest) throw new Error("OCF manifest schema missing");
  validators = { manifest, files, objects, objectTypes };
  return validators;
}

function ajvText(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return "is not valid";
  const where = error.instancePath || "(object)";
  const extra =
    error.keyword === "additionalProperties"
      ? ` (${(error.params as { additionalProperty?: string }).additionalProperty})`
      : error.keyword === "enum"
        ? ` (${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(", ")})`
        : "";
  return `${where} ${error.message ?? "is not valid"}${extra}`;
}

/** The manifest against OCFManifestFile.schema.json. */
export function validateManifest(manifest: unknown, file: string): OcfProblem[] {
  const { manifest: validate } = ocfValidators();
  if (validate(manifest)) return [];
  return [{ file, objectId: null, message: `Manifest: ${ajvText(validate)}`, severity: "error" }];
}

/** A non-manifest file: its envelope (file_type and items), then each item against its object_type's schema. */
export function validateFile(content: unknown, file: string): OcfProblem[] {
  const { objects, objectTypes } = ocfValidators();
  const problems: OcfProblem[] = [];
  const data = content as OcfFile;
  if (!data || typeof data !== "object" || !Array.isArray(data.items)) {
    return [{ file, objectId: null, message: "The file has no items array.", severity: "error" }];
  }
  if (!(data.file_type in FILE_LISTS)) {
    return [{ file, objectId: null, message: `Unknown file_type ${String(data.file_type)}.`, severity: "error" }];
  }
  for (const [index, item] of data.items.entries()) {
    const objectId = typeof item?.id === "string" ? item.id : `item ${index}`;
    const type = item?.object_type;
    const validate = typeof type === "string" ? objects.get(type) : undefined;
    if (!validate) {
      problems.push({
        file,
        objectId,
        message:
          typeof type === "string" && objectTypes.has(type)
            ? `Object type ${type} has no schema.`
            : `Unknown object type ${String(type)}.`,
        severity: "error",
      });
      continue;
    }
    if (!validate(item)) problems.push({ file, objectId, message: ajvText(validate), severity: "error" });
  }
  return problems;
}

/** Object types whose items may appear in each kind of file (the files' schemas list them). */
const STAKEHOLDER = "STAKEHOLDER";

/** A decimal string of OCF's Numeric type compared without floats: returns a.localeCompare-like sign. */
export function compareDecimal(a: string, b: string): number {
  const [ai, af] = splitDecimal(a);
  const [bi, bf] = splitDecimal(b);
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, "0"));
  const y = BigInt(bi + bf.padEnd(width, "0"));
  return x < y ? -1 : x > y ? 1 : 0;
}

function splitDecimal(value: string): [string, string] {
  const match = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  return [`${match[1] === "-" ? "-" : ""}${match[2]}`, match[3] ?? ""];
}

/** Exact sum of OCF decimal strings (BigInt with a common scale), as a decimal string without trailing zeros. */
export function sumDecimals(values: Iterable<string>): string {
  let scale = 0;
  const parts: [string, string][] = [];
  for (const value of values) {
    const part = splitDecimal(value);
    scale = Math.max(scale, part[1].length);
    parts.push(part);
  }
  let total = 0n;
  for (const [i, f] of parts) {
    const negative = i.startsWith("-");
    const digits = BigInt(i.replace("-", "") + f.padEnd(scale, "0"));
    total += negative ? -digits : digits;
  }
  return formatScaled(total, scale);
}

function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale ? digits.slice(digits.length - scale).replace(/0+$/, "") : "";
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export interface ReferenceInput {
  /** every non-manifest object with the file it came from */
  objects: { file: string; item: OcfObject }[];
  /** the cap table the issuances must add up to, by stock class id (export check); omitted on import */
  capTable?: Map<string, string>;
}

/**
 * The checks the schemas miss: duplicate ids, references to ids that do not exist (stakeholder, stock class,
 * vesting terms, financing issuances, security ids of cancellations and transfers), negative quantities and
 * prices, and (with a cap table) issuance totals per stock class, less cancellations, transfers and repurchases, equal to it.
 */
export function referenceProblems(input: ReferenceInput): OcfProblem[] {
  const problems: OcfProblem[] = [];
  const byId = new Map<string, { file: string; item: OcfObject }>();
  const securities = new Map<string, { file: string; item: OcfObject }>();
  const convertibles = new Map<string, { file: string; item: OcfObject }>();
  for (const entry of input.objects) {
    const id = entry.item.id;
    const seen = byId.get(id);
    if (seen) {
      problems.push({
        file: entry.file,
        objectId: id,
        message: `Duplicate id ${id} (also in ${seen.file}).`,
        severity: "error",
      });
      continue;
    }
    byId.set(id, entry);
    if (entry.item.object_type === "TX_STOCK_ISSUANCE" && typeof entry.item.security_id === "string") {
      securities.set(entry.item.security_id, entry);
    }
    if (entry.item.object_type === "TX_CONVERTIBLE_ISSUANCE" && typeof entry.item.security_id === "string") {
      convertibles.set(entry.item.security_id, entry);
    }
  }
  const problem = (entry: { file: string; item: OcfObject }, message: string) =>
    problems.push({ file: entry.file, objectId: entry.item.id, message, severity: "error" });
  const expect = (entry: { file: string; item: OcfObject }, field: string, type: string | string[]) => {
    const value = entry.item[field];
    if (typeof value !== "string") return;
    const target = byId.get(value);
    const types = Array.isArray(type) ? type : [type];
    if (!target || !types.includes(target.item.object_type)) {
      problem(entry, `${field} ${value} does not name a ${types.join(" or ")} in the package.`);
    }
  };
  const nonNegative = (entry: { file: string; item: OcfObject }, field: string, value: unknown) => {
    if (typeof value === "string" && /^[+-]?[0-9]+(\.[0-9]+)?$/.test(value) && compareDecimal(value, "0") < 0) {
      problem(entry, `${field} must not be negative.`);
    }
  };
  const issued = new Map<string, string[]>();
  for (const entry of byId.values()) {
    const item = entry.item;
    nonNegative(entry, "quantity", item.quantity);
    nonNegative(entry, "share_price", (item.share_price as { amount?: string } | undefined)?.amount);
    nonNegative(entry, "initial_shares_authorized", item.initial_shares_authorized);
    if (item.object_type === "TX_STOCK_ISSUANCE") {
      expect(entry, "stakeholder_id", STAKEHOLDER);
      expect(entry, "stock_class_id", "STOCK_CLASS");
      expect(entry, "vesting_terms_id", "VESTING_TERMS");
      const classId = String(item.stock_class_id);
      const list = issued.get(classId) ?? [];
      if (typeof item.quantity === "string") list.push(item.quantity);
      issued.set(classId, list);
    }
    if (item.object_type === "TX_STOCK_CLASS_SPLIT") expect(entry, "stock_class_id", "STOCK_CLASS");
    if (item.object_type === "TX_CONVERTIBLE_ISSUANCE") expect(entry, "stakeholder_id", STAKEHOLDER);
    if (item.object_type === "TX_CONVERTIBLE_CONVERSION") {
      if (typeof item.security_id !== "string" || !convertibles.has(item.security_id)) {
        problem(entry, `security_id ${String(item.security_id)} does not name a convertible issuance in the package.`);
      }
      for (const id of (item.resulting_security_ids as string[] | undefined) ?? []) {
        if (!securities.has(id)) {
          problem(
            entry,
            `resulting_security_ids names ${id}, which is not the security of a stock issuance in the package.`,
          );
        }
      }
    }
    if (item.object_type === "FINANCING") {
      for (const id of (item.issuance_ids as string[] | undefined) ?? []) {
        const target = byId.get(id);
        if (!target || !/_ISSUANCE$/.test(target.item.object_type)) {
          problem(entry, `issuance_ids names ${id}, which is not an issuance in the package.`);
        }
      }
    }
    if (
      /^TX_STOCK_(CANCELLATION|TRANSFER|REPURCHASE|RETRACTION|ACCEPTANCE|CONVERSION|REISSUANCE)$/.test(item.object_type)
    ) {
      const security = typeof item.security_id === "string" ? securities.get(item.security_id) : undefined;
      if (!security) {
        problem(entry, `security_id ${String(item.security_id)} does not name a stock issuance in the package.`);
      } else if (
        (item.object_type === "TX_STOCK_CANCELLATION" ||
          item.object_type === "TX_STOCK_TRANSFER" ||
          item.object_type === "TX_STOCK_REPURCHASE") &&
        typeof item.quantity === "string"
      ) {
        const classId = String(security.item.stock_class_id);
        const list = issued.get(classId) ?? [];
        list.push(`-${item.quantity.replace(/^[+-]/, "")}`);
        issued.set(classId, list);
      }
      if (item.object_type === "TX_STOCK_TRANSFER") {
        for (const id of (item.resulting_security_ids as string[] | undefined) ?? []) {
          if (!securities.has(id)) {
            problem(
              entry,
              `resulting_security_ids names ${id}, which is not the security of a stock issuance in the package.`,
            );
          }
        }
      }
    }
  }
  if (input.capTable) {
    const totals = replayTotals(input.objects);
    const classes = new Set([...totals.keys(), ...issued.keys(), ...input.capTable.keys()]);
    for (const classId of classes) {
      const exact = totals.get(classId) ?? ZERO;
      const total = toDecimal(exact, 12) ?? `${exact.n}/${exact.d}`;
      const expected = input.capTable.get(classId) ?? "0";
      if (compare(exact, fromDecimal(expected)) !== 0) {
        problems.push({
          file: byId.get(classId)?.file ?? "StockClasses.ocf.json",
          objectId: classId,
          message: `Issuances less cancellations total ${total}, the cap table ${expected}.`,
          severity: "error",
        });
      }
    }
  }
  return problems;
}

/**
 * Units outstanding per stock class after replaying the package's stock transactions in the order they happened
 * (date, then their order in the files, as OCF reads them): an issuance sets its security's units, a cancellation,
 * transfer or repurchase takes units off it, a stock class split multiplies every security of its class by
 * numerator / denominator. Exact fractions (a 1 for 3 split leaves thirds until its cash in lieu is taken off).
 */
export function replayTotals(objects: { item: OcfObject }[]): Map<string, Fraction> {
  const units = new Map<string, Fraction>();
  const classOf = new Map<string, string>();
  const decimal = (value: unknown): Fraction | null =>
    typeof value === "string" && /^[+-]?[0-9]+(\.[0-9]+)?$/.test(value) ? fromDecimal(value) : null;
  for (const { item } of inOrder(objects)) {
    const security = String(item.security_id);
    switch (item.object_type) {
      case "TX_STOCK_ISSUANCE":
        units.set(security, decimal(item.quantity) ?? ZERO);
        classOf.set(security, String(item.stock_class_id));
        break;
      case "TX_STOCK_CANCELLATION":
      case "TX_STOCK_TRANSFER":
      case "TX_STOCK_REPURCHASE":
        units.set(security, sub(units.get(security) ?? ZERO, decimal(item.quantity) ?? ZERO));
        break;
      case "TX_STOCK_CLASS_SPLIT": {
        const ratio = item.split_ratio as { numerator?: unknown; denominator?: unknown } | undefined;
        const numerator = decimal(ratio?.numerator);
        const denominator = decimal(ratio?.denominator);
        if (!numerator || !denominator || denominator.n === 0n) break;
        const factor = mul(numerator, { n: denominator.d, d: denominator.n });
        for (const [id, classId] of classOf) {
          if (classId === item.stock_class_id) units.set(id, mul(units.get(id) ?? ZERO, factor));
        }
        break;
      }
    }
  }
  const totals = new Map<string, Fraction>();
  for (const [id, classId] of classOf) totals.set(classId, add(totals.get(classId) ?? ZERO, units.get(id) ?? ZERO));
  return totals;
}

/** A package's transactions in the order they happened: by date, then in their order in the files. */
export function inOrder<T extends { item: OcfObject }>(objects: T[]): T[] {
  return objects
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => /^TX_/.test(entry.item.object_type) && typeof entry.item.date === "string")
    .sort((a, b) => String(a.entry.item.date).localeCompare(String(b.entry.item.date)) || a.index - b.index)
    .map(({ entry }) => entry);
}
