// An address block: country first (the state field depends on it), street lines, city, state or province (a
// dropdown of US states and territories for the United States, free text otherwise) and postal code.
import { css } from "../../../styled-system/css";
import { textFields } from "../../app/use-form.ts";
import { type AddressDraft, UNITED_STATES_ID } from "../../domain/account-setup.ts";
import { Select, TextField } from "../../ui/index.ts";
import type { Country } from "./reference-data.ts";
import { ACCOUNT_SETUP_TEXT } from "./strings.ts";

/** The address's text fields (country and a US state are Selects). */
type AddressText = "province" | "lineOne" | "lineTwo" | "city" | "postalCode";

export function AddressFields({
  label,
  address,
  onChange,
  errors,
  countries,
  states,
}: {
  label: string;
  address: AddressDraft;
  onChange: (address: AddressDraft) => void;
  errors: Record<string, string | undefined>;
  countries: Country[];
  states: Array<{ code: string; name: string }>;
}) {
  const set = (patch: Partial<AddressDraft>) => onChange({ ...address, ...patch });
  const field = textFields<AddressText>(address, errors, (key) => (value) => set({ [key]: value }));
  const inUnitedStates = address.countryId === UNITED_STATES_ID;
  return (
    <fieldset
      className={css({
        display: "grid",
        gridTemplateColumns: { base: "1fr", md: "1fr 1fr" },
        gap: "4",
        border: "none",
        p: "0",
      })}
    >
      <legend className={css({ fontSize: "sm", fontWeight: "700", mb: "3", gridColumn: "1 / -1" })}>{label}</legend>
      <FieldError error={errors.countryId}>
        <Select
          label={ACCOUNT_SETUP_TEXT.country}
          name={`${label}-country`}
          options={countries.map((country) => ({ label: country.name, value: String(country.id) }))}
          value={address.countryId != null ? String(address.countryId) : null}
          onChange={(value) => set({ countryId: value ? Number(value) : null, province: "" })}
        />
      </FieldError>
      {inUnitedStates ? (
        <FieldError error={errors.province}>
          <Select
            label={ACCOUNT_SETUP_TEXT.state}
            name={`${label}-state`}
            options={states.map((state) => ({ label: state.name, value: state.code }))}
            value={address.province || null}
            onChange={(value) => set({ province: value ?? "" })}
          />
        </FieldError>
      ) : (
        <TextField label={ACCOUNT_SETUP_TEXT.stateProvince} {...field("province")} />
      )}
      <TextField label={ACCOUNT_SETUP_TEXT.streetAddress} {...field("lineOne")} />
      <TextField label={ACCOUNT_SETUP_TEXT.apartmentSuiteOptional} {...field("lineTwo")} />
      <TextField label={ACCOUNT_SETUP_TEXT.city} {...field("city")} />
      <TextField label={ACCOUNT_SETUP_TEXT.postalCode} {...field("postalCode")} hint={ACCOUNT_SETUP_TEXT.enterNAIf} />
    </fieldset>
  );
}

export function FieldError({ error, children }: { error?: string; children: React.ReactNode }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1", minW: 0 })}>
      {children}
      {error && (
        <p className={css({ fontSize: "xs", color: "danger", fontWeight: "500" })} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
