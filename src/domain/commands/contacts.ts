// Contacts (customers), their CSV import, and a broker's managed issuer accounts (features/contacts,
// features/accounts).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id } from "./command.ts";
import { count, edit, named, text } from "./describe.ts";
import { makeCustomerEffect, makeIssuerAccountEffect } from "./effects.ts";
import { pendingIn } from "./lists.ts";

const SLOT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CONTACTS_COMMANDS = [
  command({
    name: "makeCustomer",
    effect: makeCustomerEffect,
    describe: (input) => named("Add contact", input.name, input.email),
    sample: { input: { id: id(25), email: "c@x.test", name: "C" } },
  }),
  command({
    name: "bulkCustomers",
    effect: pendingIn("contacts.imports", "import", (input) => ({ row: input })),
    // A file chosen on the device is named by its upload slot's key: the sync review puts the file's name in its place
    // while the file is on the device; after that "a file", never the key.
    describe: (input) =>
      text(input.fileName)
        ? named("Import contacts from", SLOT_KEY.test(String(input.fileName)) ? "a file" : input.fileName)
        : `Import ${count(input.contacts, "contact")}`,
    sample: { input: { fileName: "c.csv", contacts: [{ email: "c@x.test", name: "C" }] } },
  }),
  command({
    name: "updateCustomerById",
    effect: "convention",
    describe: edit("contact", "name", "email"),
    sample: { input: { id: id(25), patch: { name: "C 2", status: "inactive" } } },
  }),
  command({
    name: "makeIssuerAccount",
    effect: makeIssuerAccountEffect,
    describe: (input) => named("Add issuer", input.companyName, input.companyEmail),
    sample: { input: { id: id(28), companyName: "Co", companyEmail: "co@x.test" } },
  }),
] as const;
