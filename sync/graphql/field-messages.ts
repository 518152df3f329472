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
  "assets.name": MESSAGES.assetNameRequired,
  "assets.status": MESSAGES.assetStatusRequired,
  "rounds.name": MESSAGES.roundNameRequired,
  "rounds.status": MESSAGES.roundStatusRequired,
  "rounds.total": MESSAGES.totalRequired,
  "securities.name": MESSAGES.securityNameRequired,
  "securities.total": MESSAGES.totalRequired,
  "allocations.name": MESSAGES.roundNameRequired,
  "broker_allocations.broker_id": MESSAGES.brokerRequired,
  "allocation_annotations.annotation": MESSAGES.noteRequired,
  "distribution_annotations.annotation": MESSAGES.noteRequired,
  "distribution_custom_fields.name": MESSAGES.customFieldNameRequired,
  "distribution_custom_fields.value": MESSAGES.customFieldValueRequired,
  // GraphQL inputs, by the input object field that holds them (createAsset(input: {asset: {...}})) ...
  "asset.name": MESSAGES.assetNameRequired,
  "asset.type": MESSAGES.assetTypeRequired,
  "security.name": MESSAGES.securityNameRequired,
  "security.total": MESSAGES.totalRequired,
  "allocation.name": MESSAGES.roundNameRequired,
  "brokerAllocation.brokerId": MESSAGES.brokerRequired,
  "allocationAnnotation.annotation": MESSAGES.noteRequired,
  "distributionAnnotation.annotation": MESSAGES.noteRequired,
  "distributionCustomField.name": MESSAGES.customFieldNameRequired,
  "distributionCustomField.value": MESSAGES.customFieldValueRequired,
  "onboardingQuestion.name": MESSAGES.questionNameRequired,
  "onboardingQuestion.typeId": MESSAGES.questionTypeRequired,
  "onboardingQuestion.description": MESSAGES.questionDescriptionRequired,
  "onboardingQuestion.errorMessage": MESSAGES.questionErrorMessageRequired,
  // ... or by the mutation whose arguments they are (makeRound(input: {name, ...}))
  "makeRound.name": MESSAGES.roundNameRequired,
  "makeRound.status": MESSAGES.roundStatusRequired,
  "makeRound.total": MESSAGES.totalRequired,
  "makeTranche.name": MESSAGES.roundNameRequired,
  "makeTranche.status": MESSAGES.roundStatusRequired,
  "makeTranche.total": MESSAGES.totalRequired,
  "makeDistribution.accountEmail": MESSAGES.emailRequired,
  "makeDividendPayment.amount": MESSAGES.dividendAmountRequired,
  "makeDividendPayment.paidOn": MESSAGES.dividendPaidOnRequired,
  "makeToken.name": MESSAGES.tokenNameRequired,
  "makeToken.symbol": MESSAGES.tokenSymbolRequired,
  "makeToken.chain": MESSAGES.chainRequired,
  "swapTokenChain.chain": MESSAGES.chainRequired,
  "makeAnnotations.annotation": MESSAGES.noteRequired,
  "makeDelegate.firstName": MESSAGES.firstNameRequired,
  "makeDelegate.lastName": MESSAGES.lastNameRequired,
  "makeDelegate.email": MESSAGES.emailRequired,
  "makeDelegate.role": MESSAGES.roleRequired,
  "makeCustomer.email": MESSAGES.emailRequired,
  "sendClaimAccountEmail.email": MESSAGES.emailRequired,
  "transferOwnership.email": MESSAGES.validEmailRequired,
  "makeIssuerAccount.companyName": MESSAGES.nameRequired,
  "makeIssuerAccount.companyEmail": MESSAGES.emailRequired,
  "createMappedSigningTemplate.name": MESSAGES.templateNameRequired,
  "setupAccount.attestation": MESSAGES.attestation,
  "setupAccountInPerson.attestation": MESSAGES.attestation,
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

/**
 * 'X is required' for a GraphQL value by its path of names, from the mutation down to the field (['createAsset',
 * 'input', 'asset', 'authorizedTotal'], ['makeRound', 'input', 'name']): the spec's text for the input object
 * field that holds it or for the mutation's argument, else as requiredMessage.
 */
export function requiredInputMessage(names: readonly string[]): string {
  const field = names[names.length - 1] ?? "value";
  const holder = names.length > 2 ? names[names.length - 2] : undefined;
  const mutation = names.length > 1 ? names[0] : undefined;
  return (
    (holder && REQUIRED[`${holder}.${field}`]) ||
    (mutation && REQUIRED[`${mutation}.${field}`]) ||
    requiredMessage(undefined, field)
  );
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
