// The one table that turns what PostgreSQL or GraphQL refuses about an input into the text a user reads: the spec's
// text where it has one (spec part 1/2 section 8, src/domain/messages.ts), else a message naming the field.
// Used by errors.ts (GraphQL answers and the command endpoint alike).
import { MESSAGES } from "../../src/domain/messages.ts";

/** 'authorized_total' / 'authorizedTotal' -> 'Authorized total' */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/_id$|Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The spec's 'X is required' texts, by table.column (SQL) and by entity.field (GraphQL input path). */
const REQUIRED: Record<string, string> = {
  "assets.authorized_total": MESSAGES.authorizedTotalRequired,
  "asset.authorizedTotal": MESSAGES.authorizedTotalRequired,
  "assetPatch.authorizedTotal": MESSAGES.authorizedTotalRequired,
  "assets.type": MESSAGES.assetTypeRequired,
  "distribution_payments.amount": MESSAGES.paymentAmountRequired,
  "distributionPayment.amount": MESSAGES.paymentAmountRequired,
  "distributionPaymentPatch.amount": MESSAGES.paymentAmountRequired,
  "tranche_bond_data.coupon": MESSAGES.couponRequired,
  "trancheBondDatum.coupon": MESSAGES.couponRequired,
  "trancheBondDatumPatch.coupon": MESSAGES.couponRequired,
  "tranche_bond_data.term": MESSAGES.termRequired,
  "trancheBondDatum.term": MESSAGES.termRequired,
  "trancheBondDatumPatch.term": MESSAGES.termRequired,
  "rounds.closes_on": MESSAGES.closesOnRequired,
  "allocations.closes_on": MESSAGES.closesOnRequired,
  "tokens.name": MESSAGES.tokenNameRequired,
  "parties.first_name": MESSAGES.firstNameRequired,
  "parties.last_name": MESSAGES.lastNameRequired,
  "users_accounts.role": MESSAGES.roleRequired,
  "addresses.city": MESSAGES.cityRequired,
  "addresses.line_one": MESSAGES.streetRequired,
};

/** The spec's texts for an input field whatever object holds it (names with one meaning in the API). */
const REQUIRED_FIELD: Record<string, string> = {
  authorizedTotal: MESSAGES.authorizedTotalRequired,
  coupon: MESSAGES.couponRequired,
  term: MESSAGES.termRequired,
  closesOn: MESSAGES.closesOnRequired,
  closes_on: MESSAGES.closesOnRequired,
  opensOn: MESSAGES.opensOnRequired,
  opens_on: MESSAGES.opensOnRequired,
  termsUrl: MESSAGES.dataroomUrlRequired,
  terms_url: MESSAGES.dataroomUrlRequired,
  price: MESSAGES.priceRequired,
};

/**
 * 'X is required' for a column or an input field (`owner` is the table, or the input object's field name when
 * the variables name it): the spec's text where it has one, else '<Field> is required.'.
 */
export function requiredMessage(owner: string | undefined, field: string): string {
  return REQUIRED[`${owner ?? ""}.${field}`] ?? REQUIRED_FIELD[field] ?? `${fieldLabel(field)} is required.`;
}

/** Check constraints whose rule is 'greater than zero' (the other numeric checks are 'not negative'). */
const POSITIVE_CHECKS = new Set([
  "capital_deployments_amount_check",
  "distribution_payments_amount_check",
  "distributions_amount_check",
  "dividend_payments_amount_check",
  "tranche_bond_data_term_check",
  "steps_retry_limit_check",
  "vesting_schedules_periods_check",
]);
const NOT_NEGATIVE = /_(amount|total|price|units|value|coupon|dividends|cliff|retry_count|managed_units)_check$/;

/** The message for a failed check constraint `<table>_<column>_check` of table `table`. */
export function checkMessage(table: string | undefined, constraint: string): string {
  const column = table && constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
  const field = column.replace(/_check$/, "");
  const label = fieldLabel(field || "value");
  if (field === "" || field === "check") return "These values do not fit together.";
  if (field === "email" || field === "support_email") return MESSAGES.invalidEmail;
  if (POSITIVE_CHECKS.has(constraint)) return `${label} must be greater than zero.`;
  if (NOT_NEGATIVE.test(constraint)) return `${label} cannot be negative.`;
  if (/(^|_)(status|type|role|extension|duration|accounting_type|to_role|from_account_type)$/.test(field))
    return `${label} is not one of the allowed values.`;
  if (/(^|_)(name|annotation|chain|address|symbol)$/.test(field)) return `${label} is required.`;
  return `${label} is not valid.`;
}

/** The message for a value PostgreSQL could not read as `type` (invalid input syntax, 22P02 / 22007 / 22008). */
export function syntaxMessage(type: string, field?: string): string {
  let text = "the value is not valid.";
  if (/numeric|BigFloat|double|real/i.test(type))
    text = "enter a number using digits and a decimal point, without thousands separators (for example 1000.50).";
  else if (/integer|bigint|smallint|BigInt|Int/i.test(type)) text = "enter a whole number.";
  else if (/uuid/i.test(type)) text = "not a valid id.";
  else if (/timestamp|Datetime/i.test(type)) text = "enter a valid date and time.";
  else if (/date/i.test(type)) text = "enter a valid date (YYYY-MM-DD).";
  else if (/boolean/i.test(type)) text = "enter true or false.";
  else if (/json/i.test(type)) text = "not valid JSON.";
  return field ? `${fieldLabel(field)}: ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}

export const NUL_TEXT = "Text cannot contain the NUL character (U+0000).";
export const TOO_LONG_TEXT = "The text is too long.";
export const OUT_OF_RANGE_TEXT = "The number is too large.";
export const STILL_REFERENCED_TEXT = "This record is still used by other records and cannot be removed.";
