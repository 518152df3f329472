// The pieces of a command's description (the sync review's line, a declaration's `describe`): "Add contact Ann
// Lee" from an input, with the values the user typed as the screens show them.
import { formatNumber } from "../format.ts";

type Input = Record<string, unknown>;

/** A present number as the screens show it ("12,000.00"); null otherwise. */
export function amountText(value: unknown): string | null {
  const said = text(value);
  if (said === null) return null;
  return formatNumber(said) || said;
}

/** A present, non-empty value as text; null otherwise. */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const said = String(value).trim();
  return said === "" ? null : said;
}

/** The nested record of a create command (`input.contact`...), or {}. */
export function part(input: Input, key: string): Input {
  const value = input[key];
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Input) : {};
}

/** `base` followed by the first of the named values present ("Add contact Ann Lee"; "Add contact" without one). */
export function named(base: string, ...values: unknown[]): string {
  const name = values.map(text).find((value) => value !== null);
  return name ? `${base} ${name}` : base;
}

/** An edit: "Edit contact Ann Lee" when the patch names it, else "Edit contact". */
export const edit =
  (what: string, ...fields: string[]) =>
  (input: Input) => {
    const patch = part(input, "patch");
    return named(`Edit ${what}`, ...fields.map((field) => patch[field]));
  };

export const count = (value: unknown, one: string, many = `${one}s`) => {
  const n = Array.isArray(value) ? value.length : 0;
  return `${n} ${n === 1 ? one : many}`;
};

export const units = (amount: unknown) => (amountText(amount) ? `${amountText(amount)} units` : null);
