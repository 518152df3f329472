// A contact's two fields, its name and email, with their errors: the add dialog, the row edited in the list, and the
// correction of a refused edit (features/sync).
import { textFields } from "../../app/use-form.ts";
import type { ContactErrors } from "../../domain/contacts.ts";
import { TextField } from "../../ui/index.ts";
import { CONTACTS_TEXT } from "./strings.ts";

export function ContactFields({
  name,
  email,
  onName,
  onEmail,
  errors,
  autoFocus,
}: {
  name: string;
  email: string;
  onName: (name: string) => void;
  onEmail: (email: string) => void;
  errors: ContactErrors;
  /** The name takes focus when shown. */
  autoFocus?: boolean;
}) {
  const field = textFields({ name, email }, errors, (key) => (key === "name" ? onName : onEmail));
  return (
    <>
      <TextField label={CONTACTS_TEXT.contactName} {...field("name")} autoFocus={autoFocus} />
      <TextField label={CONTACTS_TEXT.email} {...field("email")} type="email" />
    </>
  );
}
