// Investor account setup (spec part 1 sections 2.6 and 5): the form's rules as pure functions over a draft, and the
// setupAccount payload they produce. The server checks the same rules again (app_public.setup_account) and answers
// with messages that start with a four-digit code (1300-1304, 1310-1318): shown with the code stripped.
import * as v from "valibot";
import { maxText, TEXT_LIMITS } from "./limits.ts";
import { MESSAGES } from "./messages.ts";

export const PARTY_ROLES = [
  "Trustee",
  "Individual",
  "Administrator",
  "Officer",
  "Managing Member",
  "Partner",
  "Beneficiary",
] as const;
type PartyRole = (typeof PARTY_ROLES)[number];

export const UNITED_STATES_ID = 840;

export interface InvestorType {
  type: string;
  isIndividual: boolean;
  isJoint: boolean;
}

/** The list from the server, sorted by type. */
export function sortInvestorTypes(types: readonly InvestorType[]): InvestorType[] {
  return [...types].sort((a, b) => a.type.localeCompare(b.type));
}

export interface AddressDraft {
  type: "primary" | "mailing";
  lineOne: string;
  lineTwo: string;
  city: string;
  province: string;
  postalCode: string;
  countryId: number | null;
}

export interface PartyDraft {
  key: string;
  role: PartyRole | null;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  taxId: string;
  usCitizen: boolean;
  allowLogin: boolean;
  address: AddressDraft | null;
}

export interface SetupDraft {
  type: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  accountName: string;
  formationDate: string | null;
  taxId: string;
  usCitizen: boolean;
  phone: string;
  address: AddressDraft;
  separateMailing: boolean;
  mailing: AddressDraft;
  parties: PartyDraft[];
  attestation: boolean;
}

export const emptyAddress = (type: AddressDraft["type"] = "primary"): AddressDraft => ({
  type,
  lineOne: "",
  lineTwo: "",
  city: "",
  province: "",
  postalCode: "",
  countryId: UNITED_STATES_ID,
});

export const emptyParty = (key: string): PartyDraft => ({
  key,
  role: null,
  firstName: "",
  lastName: "",
  email: "",
  dateOfBirth: null,
  taxId: "",
  usCitizen: false,
  allowLogin: false,
  address: null,
});

export function emptyDraft(person: { firstName?: string | null; lastName?: string | null }): SetupDraft {
  return {
    type: null,
    firstName: person.firstName ?? "",
    lastName: person.lastName ?? "",
    dateOfBirth: null,
    accountName: "",
    formationDate: null,
    taxId: "",
    usCitizen: false,
    phone: "",
    address: emptyAddress("primary"),
    separateMailing: false,
    mailing: emptyAddress("mailing"),
    parties: [],
    attestation: false,
  };
}

/** Individual and Sole Proprietorship types: the person is the account and no parties can be added. */
export const usesPersonDetails = (type: InvestorType | undefined) => Boolean(type?.isIndividual);
export const canAddParties = (type: InvestorType | undefined) => Boolean(type) && !type?.isIndividual;

// ---------------------------------------------------------------------------------------------------------------
// Field rules.

const required = (message: string, label = "Name") =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), maxText(label, TEXT_LIMITS.name));

const AddressSchema = v.object({
  lineOne: required(MESSAGES.streetRequired, "Line one"),
  city: required(MESSAGES.cityRequired, "City"),
  province: required(MESSAGES.provinceRequired, "Province"),
  postalCode: v.pipe(
    v.string(),
    v.transform((text) => text.replace(/\s/g, "")),
    v.nonEmpty(MESSAGES.postalCodeRequired),
  ),
  countryId: v.number(MESSAGES.countryRequired),
});

/** International form: + then 1-15 digits, the first not 0; spaces ignored. */
const PhoneSchema = v.pipe(
  v.string(),
  v.transform((text) => text.replace(/\s/g, "")),
  v.regex(/^\+[1-9][0-9]{0,14}$/, "Enter the phone number in international form, e.g. +1 503 555 0100."),
);

type AddressErrors = Partial<Record<"lineOne" | "city" | "province" | "postalCode" | "countryId", string>>;

export function addressErrors(address: AddressDraft, provinces: readonly string[] = []): AddressErrors {
  const result = v.safeParse(AddressSchema, { ...address, countryId: address.countryId ?? undefined });
  const errors: AddressErrors = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as keyof AddressErrors | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  // In the United States the state comes from the dropdown of states and territories.
  if (
    !errors.province &&
    address.countryId === UNITED_STATES_ID &&
    provinces.length > 0 &&
    !provinces.includes(address.province.trim())
  ) {
    errors.province = MESSAGES.provinceRequired;
  }
  return errors;
}

/** Dates of birth and formation must not be in the future (`today` as YYYY-MM-DD, from the caller's clock). */
function futureDateError(
  isoDate: string | null,
  today: string,
  what: "Date of birth" | "Formation date",
): string | null {
  if (!isoDate) return null;
  return isoDate.slice(0, 10) > today ? `${what} must not be in the future.` : null;
}

type SetupErrors = Record<string, string>;

/**
 * Every error of the draft, keyed by field path ("taxId", "address.city", "parties.0.firstName", ...); an empty
 * object means the form may be submitted.
 */
export function setupErrors(
  draft: SetupDraft,
  type: InvestorType | undefined,
  today: string,
  provinces: readonly string[] = [],
): SetupErrors {
  const errors: SetupErrors = {};
  if (!type) errors.type = "Investor type is required.";
  if (usesPersonDetails(type) || !type) {
    if (!draft.firstName.trim()) errors.firstName = "First name is required.";
    if (!draft.lastName.trim()) errors.lastName = "Last name is required.";
    if (!draft.dateOfBirth) errors.dateOfBirth = "Date of birth is required.";
    const future = futureDateError(draft.dateOfBirth, today, "Date of birth");
    if (future) errors.dateOfBirth = future;
  } else {
    if (!draft.accountName.trim()) errors.accountName = "Account name is required.";
    if (!type.isJoint) {
      if (!draft.formationDate) errors.formationDate = "Formation date is required.";
      const future = futureDateError(draft.formationDate, today, "Formation date");
      if (future) errors.formationDate = future;
    }
  }
  if (!draft.taxId.trim()) errors.taxId = "Tax ID is required.";
  // optional, as the server has it (setupAccount keeps a phone only when one is given); checked when given
  if (draft.phone.trim() !== "" && !v.safeParse(PhoneSchema, draft.phone).success) {
    errors.phone = "Enter the phone number in international form, e.g. +1 503 555 0100.";
  }
  for (const [key, message] of Object.entries(addressErrors(draft.address, provinces)))
    errors[`address.${key}`] = message;
  if (draft.separateMailing) {
    for (const [key, message] of Object.entries(addressErrors(draft.mailing, provinces)))
      errors[`mailing.${key}`] = message;
  }
  if (canAddParties(type)) {
    draft.parties.forEach((party, index) => {
      if (!party.role) errors[`parties.${index}.role`] = "Role is required.";
      if (!party.firstName.trim()) errors[`parties.${index}.firstName`] = "First name is required.";
      if (!party.lastName.trim()) errors[`parties.${index}.lastName`] = "Last name is required.";
      if (party.allowLogin && !party.email.trim()) errors[`parties.${index}.email`] = MESSAGES.emailRequired;
      if (party.email.trim() && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(party.email.trim())) {
        errors[`parties.${index}.email`] = MESSAGES.invalidEmail;
      }
      const future = futureDateError(party.dateOfBirth, today, "Date of birth");
      if (future) errors[`parties.${index}.dateOfBirth`] = future;
      if (party.address) {
        for (const [key, message] of Object.entries(addressErrors(party.address, provinces))) {
          errors[`parties.${index}.address.${key}`] = message;
        }
      }
    });
  }
  if (!draft.attestation) errors.attestation = MESSAGES.attestation;
  return errors;
}

// ---------------------------------------------------------------------------------------------------------------
// Payload.

interface AddressPayload {
  type: "primary" | "mailing";
  lineOne: string;
  lineTwo: string | null;
  city: string;
  province: string;
  postalCode: string;
  countryId: number | null;
}

function addressPayload(address: AddressDraft, type: AddressPayload["type"]): AddressPayload {
  const postal = address.postalCode.replace(/\s/g, "");
  return {
    type,
    lineOne: address.lineOne.trim(),
    lineTwo: address.lineTwo.trim() || null,
    city: address.city.trim(),
    province: address.province.trim(),
    postalCode: postal.toUpperCase() === "N/A" ? "N/A" : postal,
    countryId: address.countryId,
  };
}

/** De-duplicated by type (the first wins); a single address is copied as the mailing address. */
export function normalizeAddresses(addresses: readonly AddressPayload[]): AddressPayload[] {
  const byType = new Map<string, AddressPayload>();
  for (const address of addresses) if (!byType.has(address.type)) byType.set(address.type, address);
  const list = [...byType.values()];
  const only = list[0];
  if (list.length === 1 && only) list.push({ ...only, type: only.type === "primary" ? "mailing" : "primary" });
  return list;
}

interface SetupPayload {
  accountName: string | null;
  attestation: boolean;
  taxId: string;
  type: string;
  formationDate: string | null;
  addresses: AddressPayload[];
  parties: Array<Record<string, unknown>>;
  phone: string;
}

const isoTimestamp = (date: string | null) => (date ? `${date.slice(0, 10)}T00:00:00Z` : null);

/**
 * The setupAccount variables. Individual types: the person is the only party, the name is first and last name and
 * the formation date the date of birth; joint types: formation date today; additional parties only for the others.
 */
export function setupPayload(draft: SetupDraft, type: InvestorType, today: string): SetupPayload {
  const accountAddresses = normalizeAddresses([
    addressPayload(draft.address, "primary"),
    ...(draft.separateMailing ? [addressPayload(draft.mailing, "mailing")] : []),
  ]);
  const person = usesPersonDetails(type);
  const parties = person
    ? [
        {
          firstName: draft.firstName.trim(),
          lastName: draft.lastName.trim(),
          dateOfBirth: isoTimestamp(draft.dateOfBirth),
          taxId: draft.taxId.trim(),
          usCitizen: draft.usCitizen,
          isPrimary: true,
          role: "Individual",
          addresses: accountAddresses,
        },
      ]
    : draft.parties.map((party) => ({
        firstName: party.firstName.trim(),
        lastName: party.lastName.trim(),
        email: party.email.trim() || null,
        dateOfBirth: isoTimestamp(party.dateOfBirth),
        taxId: party.taxId.trim() || null,
        usCitizen: party.usCitizen,
        allowLogin: party.allowLogin,
        isPrimary: false,
        role: party.role,
        addresses: party.address ? normalizeAddresses([addressPayload(party.address, "primary")]) : [],
      }));
  return {
    accountName: person ? `${draft.firstName.trim()} ${draft.lastName.trim()}` : draft.accountName.trim(),
    attestation: draft.attestation,
    taxId: draft.taxId.trim(),
    type: type.type,
    formationDate: person
      ? isoTimestamp(draft.dateOfBirth)
      : type.isJoint
        ? isoTimestamp(today)
        : isoTimestamp(draft.formationDate),
    addresses: accountAddresses,
    parties,
    phone: draft.phone.replace(/\s/g, ""),
  };
}

const SETUP_CODE = /^(13(?:0[0-4]|1[0-8]))\s+/;

/** A server message with an account setup code, shown without the code; any other error shows no text. */
export function setupErrorText(message: string | null | undefined): string | null {
  if (!message) return null;
  return SETUP_CODE.test(message) ? message.replace(SETUP_CODE, "") : null;
}

/** The setup flag arrives as a boolean or a number. */
export const isSetUp = (setup: boolean | number | null | undefined) => Boolean(setup);
