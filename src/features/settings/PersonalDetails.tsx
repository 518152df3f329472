// An investor's personal details in the Account details panel (spec part 1 section 6: "investors also see SSN last
// 4, addresses and parties"). The SSN's last four come with the account's replica document (members of the account
// only: docs/PERMISSIONS.md, app_private.account_personal_data); the addresses and parties with the account's
// `account_details` replica (a kind of `records`, the account's members only), so the panel reads them offline too.
// Owners and admins correct an address (updateAddressById, a queued command shown with its pending mark over the
// replica's value); viewers read. Parties are read-only here: they are entered in account setup.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useCommand, useDocument } from "../../data/hooks.tsx";
import type { AccountParty, LocatedAddress } from "../../data/models/account-details.ts";
import type { PendingMark } from "../../data/pending.ts";
import { usePending } from "../../data/pending-hooks.ts";
import { Button, Card, Fact, FormGrid, mutedText, SyncMark, TextField } from "../../ui/index.ts";
import { SaveOrCancel } from "./SaveOrCancel.tsx";
import { type AddressFields, addressLine, asChecked, checkAddress, maskedTaxNumber } from "./settings-form.ts";
import { SETTINGS_TEXT } from "./strings.ts";

interface Address extends AddressFields {
  id: string;
}
type Located = LocatedAddress;

const fieldsOf = (address: Located["address"]): Address => ({
  id: address.id,
  lineOne: address.lineOne,
  lineTwo: address.lineTwo ?? "",
  city: address.city,
  province: address.province,
  postalCode: address.postalCode,
});

/** The account's addresses and parties from its replica (undefined while the local database opens). */
function usePersonal(accountId: string): { addresses: Located[]; parties: AccountParty[] } | null | undefined {
  const details = useDocument("account_details", accountId);
  return useMemo(
    () =>
      details
        ? {
            addresses: (details.addresses ?? []) as unknown as Located[],
            parties: (details.parties ?? []) as unknown as AccountParty[],
          }
        : details,
    [details],
  );
}

/** This device's queued address edits not yet in the server's answer: the newest per address, with its mark. */
function useQueuedAddresses(): Map<string, { patch: Partial<AddressFields>; mark: PendingMark }> {
  const edits = usePending("account.addresses");
  return useMemo(() => {
    const byId = new Map<string, { patch: Partial<AddressFields>; mark: PendingMark }>();
    for (const entry of edits) {
      if (entry.mark.status === "accepted" || !entry.id) continue;
      byId.set(entry.id, { patch: (entry.patch ?? {}) as Partial<AddressFields>, mark: entry.mark });
    }
    return byId;
  }, [edits]);
}

export function PersonalDetails({
  accountId,
  taxShort,
  canEdit,
}: {
  accountId: string;
  taxShort: string | null;
  canEdit: boolean;
}) {
  const queued = useQueuedAddresses();
  const personal = usePersonal(accountId);
  const [editing, setEditing] = useState<string | null>(null);

  const addressView = (located: Located, label: string) => {
    const stored = fieldsOf(located.address);
    const pending = queued.get(stored.id);
    const shown = { ...stored, ...(pending?.mark.status === "pending" ? pending.patch : {}) };
    return (
      <li
        key={located.id}
        data-testid="settings-address"
        className={css({ display: "flex", flexDirection: "column", gap: "2" })}
      >
        {editing === stored.id ? (
          <AddressForm address={shown} onDone={() => setEditing(null)} />
        ) : (
          <div
            className={css({ display: "flex", gap: "3", alignItems: "flex-start", justifyContent: "space-between" })}
          >
            <dl className={css({ minW: 0 })}>
              <Fact label={label}>{addressLine(shown)}</Fact>
            </dl>
            <div className={css({ display: "flex", gap: "2", alignItems: "center", flexShrink: 0 })}>
              <SyncMark mark={pending?.mark} />
              {canEdit && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setEditing(stored.id)}
                  aria-label={`${SETTINGS_TEXT.edit} ${label}`}
                >
                  {SETTINGS_TEXT.edit}
                </Button>
              )}
            </div>
          </div>
        )}
      </li>
    );
  };

  return (
    <Card title={SETTINGS_TEXT.personalDetails} testId="personal-details">
      <dl>
        <Fact label={SETTINGS_TEXT.ssnLast4} testId="settings-ssn">
          {maskedTaxNumber(taxShort) ?? SETTINGS_TEXT.none}
        </Fact>
      </dl>
      {personal === undefined ? null : personal === null ? (
        <p className={mutedText}>{SETTINGS_TEXT.personalNotSynced}</p>
      ) : (
        <>
          <section className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <h3 className={css({ fontSize: "sm", fontWeight: "700" })}>{SETTINGS_TEXT.addresses}</h3>
            {personal.addresses.length === 0 ? (
              <p className={mutedText}>{SETTINGS_TEXT.noAddresses}</p>
            ) : (
              <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                {personal.addresses.map((located) => addressView(located, SETTINGS_TEXT.addressType(located.type)))}
              </ul>
            )}
          </section>
          <section className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
            <h3 className={css({ fontSize: "sm", fontWeight: "700" })}>{SETTINGS_TEXT.parties}</h3>
            {personal.parties.length === 0 ? (
              <p className={mutedText}>{SETTINGS_TEXT.noParties}</p>
            ) : (
              <ul className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
                {personal.parties.map((party) => (
                  <li
                    key={party.id}
                    data-testid="settings-party"
                    className={css({ display: "flex", flexDirection: "column", gap: "2" })}
                  >
                    <p className={css({ fontSize: "sm", fontWeight: "600" })}>
                      {party.firstName} {party.lastName}
                    </p>
                    <p className={mutedText}>{SETTINGS_TEXT.partyLine(party.role, party.email)}</p>
                    <ul className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
                      {party.addresses.map((located) => addressView(located, SETTINGS_TEXT.addressType(located.type)))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Card>
  );
}

function AddressForm({ address, onDone }: { address: Address; onDone: () => void }) {
  const command = useCommand();
  const { field, onSubmit } = useForm({
    initial: (): AddressFields => address,
    check: (values: AddressFields) => asChecked(values, checkAddress(values)),
    submit: async (values) => {
      const patch: Partial<AddressFields> = {};
      for (const key of ["lineOne", "lineTwo", "city", "province", "postalCode"] as const) {
        if (values[key].trim() !== address[key]) patch[key] = values[key].trim();
      }
      if (Object.keys(patch).length > 0) await command("updateAddressById", { input: { id: address.id, patch } });
    },
    onDone,
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="address-form">
      <FormGrid>
        <TextField label={SETTINGS_TEXT.lineOne} {...field("lineOne")} />
        <TextField label={SETTINGS_TEXT.lineTwo} {...field("lineTwo")} />
        <TextField label={SETTINGS_TEXT.city} {...field("city")} />
        <TextField label={SETTINGS_TEXT.province} {...field("province")} />
        <TextField label={SETTINGS_TEXT.postalCode} {...field("postalCode")} />
      </FormGrid>
      <SaveOrCancel onCancel={onDone} />
    </form>
  );
}
