// The delegate form's rules (spec part 2 section 5), pure: first name, last name and email on create only; role
// (Admin or Viewer) and status (Suspended or Active) always. The server checks the same (make_delegate, the
// users_accounts field trigger) with the same texts.
import { DELEGATES_TEXT } from "./strings.ts";

export type DelegateRole = "account_admin" | "account_viewer";
export type DelegateStatus = "active" | "suspended";

export interface DelegateValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string | null;
  status: string | null;
}

export type DelegateErrors = Partial<Record<keyof DelegateValues, string>>;

export const ROLE_OPTIONS: { label: string; value: DelegateRole }[] = [
  { label: DELEGATES_TEXT.admin, value: "account_admin" },
  { label: DELEGATES_TEXT.viewer, value: "account_viewer" },
];

export const STATUS_OPTIONS: { label: string; value: DelegateStatus }[] = [
  { label: DELEGATES_TEXT.suspended, value: "suspended" },
  { label: DELEGATES_TEXT.active, value: "active" },
];

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const isEmail = (text: string): boolean => EMAIL.test(text.trim());

const isRole = (value: string | null): value is DelegateRole => ROLE_OPTIONS.some((option) => option.value === value);
const isStatus = (value: string | null): value is DelegateStatus =>
  STATUS_OPTIONS.some((option) => option.value === value);

/** The form's problems, by field: `create` checks the person's fields too. */
export function checkDelegate(values: DelegateValues, mode: "create" | "edit"): DelegateErrors {
  const errors: DelegateErrors = {};
  if (mode === "create") {
    if (!values.firstName.trim()) errors.firstName = DELEGATES_TEXT.firstNameRequired;
    if (!values.lastName.trim()) errors.lastName = DELEGATES_TEXT.lastNameRequired;
    if (!values.email.trim()) errors.email = DELEGATES_TEXT.emailRequired;
    else if (!isEmail(values.email)) errors.email = DELEGATES_TEXT.emailInvalid;
  }
  if (!isRole(values.role)) errors.role = DELEGATES_TEXT.roleRequired;
  if (!isStatus(values.status)) errors.status = DELEGATES_TEXT.statusRequired;
  return errors;
}

/** The transfer popup's one rule. */
export function checkTransferEmail(email: string): string | null {
  return isEmail(email) ? null : DELEGATES_TEXT.validEmailRequired;
}

/** What an edit changes (role and status only), or null when nothing. */
export function delegatePatch(
  before: { role: string; status: string },
  values: DelegateValues,
): { role?: string; status?: string } | null {
  const patch: { role?: string; status?: string } = {};
  if (values.role && values.role !== before.role) patch.role = values.role;
  if (values.status && values.status !== before.status) patch.status = values.status;
  return Object.keys(patch).length > 0 ? patch : null;
}
