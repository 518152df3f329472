// Proof of Issuance for one asset, from the device's replicas (works offline): a button that opens the Investors
// popup listing the asset's shareholders and saves the chosen one's PDF. The round page's cap table reuses it with
// its asset id (and may preselect investors).
import { useMemo, useState } from "react";
import { useModel } from "../../data/hooks.tsx";
import { assetShareholders, proofOfIssuanceFileName, proofOfIssuanceFor } from "../../domain/proof-of-issuance.ts";
import { Button, type ButtonProps, toast } from "../../ui/index.ts";
import { InvestorsPopup } from "./InvestorsPopup.tsx";
import { PROOF_TEXT } from "./strings.ts";

/** The replica documents a statement is made from. */
function useProofOfIssuanceData() {
  const holdings = useModel("holdings");
  const rounds = useModel("rounds");
  const assets = useModel("assets");
  const accounts = useModel("accounts");
  return useMemo(
    () => ({
      loading: holdings.loading || rounds.loading || assets.loading || accounts.loading,
      data: { holdings: holdings.rows, rounds: rounds.rows, assets: assets.rows, accounts: accounts.rows },
    }),
    [holdings, rounds, assets, accounts],
  );
}

/**
 * Builds and saves the statement of `investorId` for `assetId`; false when there is nothing to state. jspdf is
 * loaded on first use (a large module; the service worker precaches it, so this works offline too).
 */
async function saveProofOfIssuance(
  assetId: string,
  investorId: string,
  data: ReturnType<typeof useProofOfIssuanceData>["data"],
  now = new Date(),
): Promise<boolean> {
  const input = proofOfIssuanceFor(assetId, investorId, data);
  if (!input) return false;
  const investor = data.accounts.find((account) => account.id === investorId);
  const contactName = investor?.contactName?.trim() || input.legalName;
  const { buildProofOfIssuancePdf } = await import("./pdf.ts");
  buildProofOfIssuancePdf(input, { statementDate: now }).save(proofOfIssuanceFileName(contactName, investorId));
  return true;
}

export function ProofOfIssuanceButton({
  assetId,
  preselect = [],
  size = "sm",
  variant = "outline",
  label = PROOF_TEXT.button,
}: {
  assetId: string;
  preselect?: readonly string[];
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const { loading, data } = useProofOfIssuanceData();
  const investors = useMemo(() => assetShareholders(assetId, data), [assetId, data]);
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)} disabled={loading || investors.length === 0}>
        {label}
      </Button>
      {open && (
        <InvestorsPopup
          investors={investors}
          initiallySelected={preselect.filter((id) => investors.some((investor) => investor.id === id))}
          onCancel={() => setOpen(false)}
          onDownload={async (investorId) => {
            if (!(await saveProofOfIssuance(assetId, investorId, data))) toast.error(PROOF_TEXT.nothingToState);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
