// The checks of the account settings forms (contact details, an address), the server's constraints restated so a
// mistake is named by its field before anything is queued. Pure: the forms pass their values.
import { SETTINGS_TEXT } from "./strings.ts";

export type ContactDetails = {
  email: string;
  url: string;
  supportEmail: string;
  twitterHandle: string;
};

export type AddressFields = {
  lineOne: string;
  lineTwo: string;
  city: string;
  province: string;
  postalCode: string;
};

export type Errors<T> = Partial<Record<keyof T, string>>;

/** A check's answer as the forms' useForm takes it: the values when nothing is wrong, else the messages. */
export function asChecked<T>(values: T, errors: Errors<T>) {
  return Object.keys(errors).length > 0 ? { ok: false as const, errors } : { ok: true as const, value: values };
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const TWITTER = /^[A-Za-z0-9_]{1,15}$/;
const MAX = { email: 254, url: 2000, line: 200 } as const;

/** Empty text means "none" (null); the rest as typed, trimmed. */
export const orNull = (value: string) => (value.trim() === "" ? null : value.trim());

export function checkContactDetails(values: ContactDetails): Errors<ContactDetails> {
  const errors: Errors<ContactDetails> = {};
  const email = values.email.trim();
  if (email === "") errors.email = SETTINGS_TEXT.emailRequired;
  else if (!EMAIL.test(email) || email.length > MAX.email) errors.email = SETTINGS_TEXT.emailInvalid;
  const support = values.supportEmail.trim();
  if (support !== "" && (!EMAIL.test(support) || support.length > MAX.email)) {
    errors.supportEmail = SETTINGS_TEXT.emailInvalid;
  }
  const url = values.url.trim();
  if (url !== "" && (!/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(url) || url.length > MAX.url)) {
    errors.url = SETTINGS_TEXT.urlInvalid;
  }
  const handle = values.twitterHandle.trim().replace(/^@/, "");
  if (handle !== "" && !TWITTER.test(handle)) errors.twitterHandle = SETTINGS_TEXT.twitterInvalid;
  return errors;
}

/** The patch of updateAccountById: only what changed. */
export function contactPatch(
  stored: ContactDetails,
  values: ContactDetails,
): Partial<Record<keyof ContactDetails, string | null>> {
  const next: ContactDetails = { ...values, twitterHandle: values.twitterHandle.trim().replace(/^@/, "") };
  const patch: Partial<Record<keyof ContactDetails, string | null>> = {};
  for (const key of Object.keys(next) as (keyof ContactDetails)[]) {
    if (orNull(next[key]) !== orNull(stored[key])) patch[key] = orNull(next[key]);
  }
  return patch;
}

export function checkAddress(values: AddressFields): Errors<AddressFields> {
  const errors: Errors<AddressFields> = {};
  if (values.lineOne.trim() === "") errors.lineOne = SETTINGS_TEXT.lineOneRequired;
  if (values.city.trim() === "") errors.city = SETTINGS_TEXT.cityRequired;
  for (const key of Object.keys(values) as (keyof AddressFields)[]) {
    if (values[key].trim().length > MAX.line) errors[key] = SETTINGS_TEXT.tooLong(MAX.line);
  }
  return errors;
}

/** One line for an address: its lines, city, province and postal code. */
export function addressLine(address: Partial<AddressFields>): string {
  const place = [address.city, [address.province, address.postalCode].filter(Boolean).join(" ")].filter(Boolean);
  return [address.lineOne, address.lineTwo, ...place].filter((part) => part && part.trim() !== "").join(", ");
}

/** The last four of a tax number, the rest masked. */
export const maskedTaxNumber = (last4: string | null | undefined) => (last4 ? `•••-••-${last4}` : null);
