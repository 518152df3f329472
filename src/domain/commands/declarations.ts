// Every command's declaration, by area (command.ts): the union the catalogue (catalogue.ts) is built from and the
// generator of the variables' schemas (sync/command-inputs.ts) reads the names from. A new area's module is added
// here once; a new command of an area only in its area's module.
import { ACCREDITATION_COMMANDS } from "./accreditation.ts";
import { ADMIN_COMMANDS } from "./admin.ts";
import { ALLOCATIONS_COMMANDS } from "./allocations.ts";
import { ASSETS_COMMANDS } from "./assets.ts";
import { CONTACTS_COMMANDS } from "./contacts.ts";
import { CORPORATE_ACTIONS_COMMANDS } from "./corporate-actions.ts";
import { DELEGATES_COMMANDS } from "./delegates.ts";
import { DISTRIBUTIONS_COMMANDS } from "./distributions.ts";
import { IN_PERSON_COMMANDS } from "./in-person.ts";
import { ONBOARDING_COMMANDS } from "./onboarding.ts";
import { PAYMENTS_COMMANDS } from "./payments.ts";
import { QUESTIONS_COMMANDS } from "./questions.ts";
import { SETTINGS_COMMANDS } from "./settings.ts";
import { SIGNING_COMMANDS } from "./signing.ts";
import { TOKENS_COMMANDS } from "./tokens.ts";
import { TRANSFERS_COMMANDS } from "./transfers.ts";

export const DECLARATIONS = [
  ...ACCREDITATION_COMMANDS,
  ...ADMIN_COMMANDS,
  ...ALLOCATIONS_COMMANDS,
  ...ASSETS_COMMANDS,
  ...CONTACTS_COMMANDS,
  ...CORPORATE_ACTIONS_COMMANDS,
  ...DELEGATES_COMMANDS,
  ...DISTRIBUTIONS_COMMANDS,
  ...IN_PERSON_COMMANDS,
  ...ONBOARDING_COMMANDS,
  ...PAYMENTS_COMMANDS,
  ...QUESTIONS_COMMANDS,
  ...SETTINGS_COMMANDS,
  ...SIGNING_COMMANDS,
  ...TOKENS_COMMANDS,
  ...TRANSFERS_COMMANDS,
] as const;

/** Every declared command's name. */
export type CommandName = (typeof DECLARATIONS)[number]["name"];

export const COMMAND_NAMES: readonly CommandName[] = DECLARATIONS.map((declaration) => declaration.name);
