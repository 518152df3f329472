// A contact's two fields, its name and email, with their errors: the add dialog, the row edited in the list, and the
// correction of a refused edit (features/sync).
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
  return (
    <>
      <TextField
        label={CONTACTS_TEXT.contactName}
        name="name"
        value={name}
        onChange={(e) => onName(e.target.value)}
        error={errors.name}
        autoFocus={autoFocus}
      />
      <TextField
        label={CONTACTS_TEXT.email}
        name="email"
        type="email"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        error={errors.email}
      />
    </>
  );
}
