// The Investors popup (spec part 1 section 2.13): a multi-select list of investors with Cancel and Download;
// Download is enabled only when exactly one investor is selected. Reusable: the caller says who is listed and what
// Download does (e.g. the Proof of Issuance of the chosen investor, ProofOfIssuanceDialog below).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { Checkbox, DialogButtons, MountedDialog } from "../../ui/index.ts";
import { PROOF_TEXT } from "./strings.ts";

interface InvestorChoice {
  id: string;
  name: string;
}

export function InvestorsPopup({
  investors,
  initiallySelected = [],
  onCancel,
  onDownload,
  title = PROOF_TEXT.investors,
}: {
  investors: readonly InvestorChoice[];
  initiallySelected?: readonly string[];
  onCancel: () => void;
  onDownload: (investorId: string) => void | Promise<void>;
  title?: string;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initiallySelected));
  const [busy, setBusy] = useState(false);
  const only = selected.size === 1 ? [...selected][0] : undefined;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function download() {
    if (!only) return;
    setBusy(true);
    try {
      await onDownload(only);
    } finally {
      setBusy(false);
    }
  }

  return (
    <MountedDialog
      onClose={onCancel}
      title={title}
      description={PROOF_TEXT.popupDescription}
      footer={
        <DialogButtons
          cancelLabel={PROOF_TEXT.cancel}
          onCancel={onCancel}
          actionLabel={PROOF_TEXT.download}
          onAction={download}
          busy={busy}
          disabled={!only}
        />
      }
    >
      <ul
        data-testid="investors-popup"
        className={css({
          display: "flex",
          flexDirection: "column",
          gap: "1",
          mt: "4",
          maxH: "20rem",
          overflowY: "auto",
        })}
      >
        {investors.map((investor) => (
          <li key={investor.id} className={css({ px: "2", py: "2", borderRadius: "md", _hover: { bg: "bg.subtle" } })}>
            <Checkbox checked={selected.has(investor.id)} onChange={(on) => toggle(investor.id, on)} name="investor">
              {investor.name}
            </Checkbox>
          </li>
        ))}
      </ul>
    </MountedDialog>
  );
}
