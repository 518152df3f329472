// The Account Setup form (spec part 1 section 2.6): investor type, account details (the person's own details for
// Individual and Sole Proprietorship types), address, phone, additional parties for the other types, attestation.
// It submits only when every section is valid; setupAccount needs the server now, so the form says so offline.
// In an in-person session (app/hosted-session.ts) the same form is the investor's on the host's device: it starts
// empty (not with the host's name), offers no delegate (only the investor adds one, from their own account), and
// queues setupAccountInPerson, which works offline once the form's lists are on the device (reference-data.ts).
import { useRouter } from "@tanstack/react-router";
import { type FormEvent, useMemo, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { hostedInput, useHostedSession } from "../../app/hosted-session.ts";
import { dateFields, textFields } from "../../app/use-form.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { GraphqlError, graphql } from "../../data/graphql.ts";
import { useCommand, useLocalData } from "../../data/hooks.tsx";
import { invalidateSession, loadSession } from "../../data/session.ts";
import {
  canAddParties,
  emptyDraft,
  emptyParty,
  PARTY_ROLES,
  type PartyDraft,
  type SetupDraft,
  setupErrors,
  setupErrorText,
  setupPayload,
  usesPersonDetails,
} from "../../domain/account-setup.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Spinner } from "../../ui/icons.tsx";
import { Button, Checkbox, DateInput, ErrorBlock, Select, TextField } from "../../ui/index.ts";
import { AddressFields, FieldError } from "./AddressFields.tsx";
import { SETUP_ACCOUNT, useSetupReferenceData } from "./reference-data.ts";
import { ACCOUNT_SETUP_TEXT } from "./strings.ts";

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/** Errors under a prefix ("address.city" -> {city}). */
const within = (errors: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(`${prefix}.`))
      .map(([key, value]) => [key.slice(prefix.length + 1), value]),
  );

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      className={cx(card(), css({ p: { base: "5", md: "6" }, display: "flex", flexDirection: "column", gap: "4" }))}
    >
      <h2 className={css({ fontSize: "md", fontWeight: "700" })}>{title}</h2>
      {children}
    </section>
  );
}

interface SetupFormProps {
  onDone?: () => void;
  /** in person: the queued details the server refused, with its reason, shown and sent again corrected in their place */
  refused?: { key: string; message: string | null } | null;
}

/** The signed-in investor's own form, their name filled in. */
export function AccountSetupForm(props: SetupFormProps) {
  const { session } = useViewer();
  return <SetupForm {...props} person={session.user ?? {}} />;
}

/** The form in an in-person session (its route has no signed-in investor): empty. */
export function HostedAccountSetupForm(props: SetupFormProps) {
  return <SetupForm {...props} person={{}} />;
}

function SetupForm({
  onDone,
  refused,
  person: initialPerson,
}: SetupFormProps & { person: { firstName?: string | null; lastName?: string | null } }) {
  const router = useRouter();
  const online = useOnline();
  const hosted = useHostedSession();
  const command = useCommand();
  const data = useLocalData();
  const { data: reference, failed } = useSetupReferenceData(online, hosted !== null);
  const [draft, setDraft] = useState<SetupDraft>(() => emptyDraft(initialPerson));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(
    refused?.message ? (setupErrorText(refused.message) ?? refused.message) : null,
  );
  const [saving, setSaving] = useState(false);
  const type = useMemo(() => reference?.types.find((t) => t.type === draft.type), [reference, draft.type]);
  const stateCodes = useMemo(() => reference?.states.map((s) => s.code) ?? [], [reference]);
  const person = usesPersonDetails(type);

  if (!online && !(hosted && reference)) {
    return (
      <div className={cx(card(), css({ p: "6" }))} data-testid="setup-offline">
        <p className={css({ fontWeight: "600" })}>
          {hosted ? ACCOUNT_SETUP_TEXT.needsConnectionOnce : ACCOUNT_SETUP_TEXT.needsConnection}
        </p>
        <p className={css({ fontSize: "sm", color: "fg.muted", mt: "1" })}>{MESSAGES.offlineAction}</p>
      </div>
    );
  }
  if (failed) return <ErrorBlock />;
  if (!reference) return <Spinner />;

  const set = (patch: Partial<SetupDraft>) => setDraft((previous) => ({ ...previous, ...patch }));
  const setKey = (key: keyof SetupDraft) => (value: string | null) => set({ [key]: value });
  const field = textFields<"firstName" | "lastName" | "accountName" | "taxId" | "phone">(draft, errors, setKey);
  const dateField = dateFields<"dateOfBirth" | "formationDate">(draft, errors, setKey);
  const setParty = (index: number, patch: Partial<PartyDraft>) =>
    setDraft((previous) => ({
      ...previous,
      parties: previous.parties.map((party, i) => (i === index ? { ...party, ...patch } : party)),
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    const found = setupErrors(draft, type, today(), stateCodes);
    setErrors(found);
    if (Object.keys(found).length > 0 || !type) return;
    setSaving(true);
    if (hosted) {
      try {
        const input = { ...hostedInput(hosted), ...setupPayload(draft, type, today()) };
        if (refused && data) await data.outbox.resend(refused.key, { input });
        else await command("setupAccountInPerson", { input });
        onDone?.();
      } finally {
        setSaving(false);
      }
      return;
    }
    try {
      await graphql(SETUP_ACCOUNT, { ...setupPayload(draft, type, today()) });
      invalidateSession();
      await loadSession({ refresh: true });
      await router.invalidate();
      onDone?.();
    } catch (error) {
      // Coded setup errors are shown without their code; any other error shows no text (spec part 1 section 8).
      const message = error instanceof GraphqlError ? (error.errors?.[0]?.message ?? null) : null;
      setServerError(setupErrorText(message) ?? "");
    } finally {
      setSaving(false);
    }
  }

  /** The primary or the mailing address block, bound to its part of the draft and its messages. */
  const addressFields = (key: "address" | "mailing", label: string) => (
    <AddressFields
      label={label}
      address={draft[key]}
      onChange={(address) => set({ [key]: address })}
      errors={within(errors, key)}
      countries={reference.countries}
      states={reference.states}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className={css({ display: "flex", flexDirection: "column", gap: "5" })}
      aria-label={ACCOUNT_SETUP_TEXT.accountSetup}
    >
      <Section title={ACCOUNT_SETUP_TEXT.investorType}>
        <FieldError error={errors.type}>
          <Select
            label={ACCOUNT_SETUP_TEXT.investorType}
            name="investorType"
            options={reference.types.map((t) => ({ label: t.type, value: t.type }))}
            value={draft.type}
            onChange={(value) => set({ type: value, parties: [] })}
          />
        </FieldError>
      </Section>

      <Section title={person ? ACCOUNT_SETUP_TEXT.yourDetails : ACCOUNT_SETUP_TEXT.accountDetails}>
        <div className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "4" })}>
          {person || !type ? (
            <>
              <TextField label={ACCOUNT_SETUP_TEXT.firstName} {...field("firstName")} />
              <TextField label={ACCOUNT_SETUP_TEXT.lastName} {...field("lastName")} />
              <DateInput label={ACCOUNT_SETUP_TEXT.dateOfBirth} {...dateField("dateOfBirth")} />
            </>
          ) : (
            <>
              <TextField label={ACCOUNT_SETUP_TEXT.accountName} {...field("accountName")} />
              {type.isJoint ? (
                <TextField
                  label={ACCOUNT_SETUP_TEXT.formationDate}
                  value={new Date().toLocaleDateString("en-US")}
                  disabled
                  hint={ACCOUNT_SETUP_TEXT.jointAccountsAreFormed}
                  readOnly
                />
              ) : (
                <DateInput label={ACCOUNT_SETUP_TEXT.formationDate} {...dateField("formationDate")} />
              )}
            </>
          )}
          <TextField
            label={person ? ACCOUNT_SETUP_TEXT.ssnTaxId : ACCOUNT_SETUP_TEXT.taxIdEin}
            {...field("taxId")}
            hint={MESSAGES.taxIdHint}
            autoComplete="off"
          />
          <TextField
            label={ACCOUNT_SETUP_TEXT.phone}
            type="tel"
            placeholder={ACCOUNT_SETUP_TEXT.phonePlaceholder}
            {...field("phone")}
          />
          {person && (
            <div className={css({ alignSelf: "end", pb: "2" })}>
              <Checkbox checked={draft.usCitizen} onChange={(checked) => set({ usCitizen: checked })}>
                {ACCOUNT_SETUP_TEXT.usCitizen}
              </Checkbox>
            </div>
          )}
        </div>
      </Section>

      <Section title={ACCOUNT_SETUP_TEXT.address}>
        {addressFields("address", ACCOUNT_SETUP_TEXT.primaryAddress)}
        <Checkbox checked={draft.separateMailing} onChange={(checked) => set({ separateMailing: checked })}>
          {ACCOUNT_SETUP_TEXT.mailingDifferent}
        </Checkbox>
        {draft.separateMailing && addressFields("mailing", ACCOUNT_SETUP_TEXT.mailingAddress)}
      </Section>

      {canAddParties(type) && (
        <Section title={ACCOUNT_SETUP_TEXT.additionalParties}>
          {draft.parties.length === 0 && (
            <p className={css({ fontSize: "sm", color: "fg.muted" })}>
              {hosted ? ACCOUNT_SETUP_TEXT.partiesIntroInPerson : ACCOUNT_SETUP_TEXT.partiesIntro}
            </p>
          )}
          {draft.parties.map((party, index) => {
            const partyErrors = within(errors, `parties.${index}`);
            const setPartyKey = (key: keyof PartyDraft) => (value: string | null) => setParty(index, { [key]: value });
            const partyField = textFields<"email" | "firstName" | "lastName" | "taxId">(
              party,
              partyErrors,
              setPartyKey,
            );
            const partyDate = dateFields<"dateOfBirth">(party, partyErrors, setPartyKey);
            return (
              <div
                key={party.key}
                data-testid="party"
                className={css({
                  borderWidth: "1px",
                  borderColor: "border.default",
                  borderRadius: "md",
                  p: "4",
                  display: "flex",
                  flexDirection: "column",
                  gap: "4",
                })}
              >
                <div
                  className={css({ display: "grid", gridTemplateColumns: { base: "1fr", md: "1fr 1fr" }, gap: "4" })}
                >
                  <FieldError error={partyErrors.role}>
                    <Select
                      label={ACCOUNT_SETUP_TEXT.role}
                      name={`party-${index}-role`}
                      options={PARTY_ROLES.map((role) => ({ label: role, value: role }))}
                      value={party.role}
                      onChange={(value) => setParty(index, { role: value as PartyDraft["role"] })}
                    />
                  </FieldError>
                  <TextField label={ACCOUNT_SETUP_TEXT.email} type="email" {...partyField("email")} />
                  <TextField label={ACCOUNT_SETUP_TEXT.firstName} {...partyField("firstName")} />
                  <TextField label={ACCOUNT_SETUP_TEXT.lastName} {...partyField("lastName")} />
                  <DateInput label={ACCOUNT_SETUP_TEXT.dateOfBirth} {...partyDate("dateOfBirth")} />
                  <TextField label={ACCOUNT_SETUP_TEXT.taxId} {...partyField("taxId")} hint={MESSAGES.taxIdHint} />
                </div>
                <div className={css({ display: "flex", gap: "6", flexWrap: "wrap" })}>
                  <Checkbox checked={party.usCitizen} onChange={(checked) => setParty(index, { usCitizen: checked })}>
                    {ACCOUNT_SETUP_TEXT.usCitizen}
                  </Checkbox>
                  {!hosted && (
                    <Checkbox
                      checked={party.allowLogin}
                      onChange={(checked) => setParty(index, { allowLogin: checked })}
                    >
                      {ACCOUNT_SETUP_TEXT.addAsDelegate}
                    </Checkbox>
                  )}
                </div>
                {party.allowLogin && !hosted && (
                  <p className={css({ fontSize: "xs", color: "fg.muted" })}>{ACCOUNT_SETUP_TEXT.delegateHint}</p>
                )}
                <div>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => set({ parties: draft.parties.filter((_, i) => i !== index) })}
                  >
                    {ACCOUNT_SETUP_TEXT.removeParty}
                  </Button>
                </div>
              </div>
            );
          })}
          <div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => set({ parties: [...draft.parties, emptyParty(crypto.randomUUID())] })}
            >
              {ACCOUNT_SETUP_TEXT.addParty}
            </Button>
          </div>
        </Section>
      )}

      <Section title={ACCOUNT_SETUP_TEXT.attestation}>
        <FieldError error={errors.attestation}>
          <Checkbox
            checked={draft.attestation}
            onChange={(checked) => set({ attestation: checked })}
            invalid={Boolean(errors.attestation)}
          >
            {ACCOUNT_SETUP_TEXT.attest}
          </Checkbox>
        </FieldError>
      </Section>

      {serverError !== null && serverError !== "" && <ErrorBlock text={serverError} />}
      <div className={css({ display: "flex", justifyContent: "flex-end" })}>
        <Button type="submit" size="lg" loading={saving}>
          {ACCOUNT_SETUP_TEXT.setUpAccount}
        </Button>
      </div>
    </form>
  );
}
