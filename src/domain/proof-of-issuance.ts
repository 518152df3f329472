// Proof of Issuance (spec part 1 section 2.13): what the statement says about one shareholder's holdings of one
// asset, computed from replica documents, and its file name. Pure: the PDF itself is drawn by
// src/features/proof-of-issuance/pdf.ts from a ProofOfIssuanceInput.
import { add, dec, toString as decimalText, isPositive, parseDecimal, ZERO } from "./decimal.ts";

interface ProofOfIssuanceHolding {
  roundName: string;
  /** ISO timestamp */
  issuedOn: string;
  /** exact decimal string */
  amount: string;
}

/** The spec's inputs: type (asset type), assetName, legalName (shareholder), issuerName, totalAmount, holdings. */
export interface ProofOfIssuanceInput {
  type: string;
  assetName: string;
  legalName: string;
  issuerName: string;
  totalAmount: string;
  holdings: ProofOfIssuanceHolding[];
}

interface ReplicaSlice {
  holdings: readonly {
    id: string;
    roundId: string;
    investorId: string;
    amount: string;
    issuedOn?: string | null;
    createdOn: string;
  }[];
  rounds: readonly { id: string; name: string; assetId: string }[];
  assets: readonly { id: string; name: string; type: string; issuerId: string }[];
  accounts: readonly { id: string; name: string; contactName?: string | null }[];
}

/** The transfer agent named in the statement's footer. */
export const TRANSFER_AGENT = {
  name: "Ledgerline Transfer Services",
  email: "transfers@ledgerline.example",
  phone: "+1 (212) 555-0147",
  address: "100 Pine Street, Suite 1200, San Francisco, CA 94111",
} as const;

/**
 * The statement of `investorId`'s holdings in the rounds of `assetId` (holdings of amount 0 are hidden, as everywhere),
 * oldest issue first; null when the investor holds none of the asset on this device.
 */
export function proofOfIssuanceFor(
  assetId: string,
  investorId: string,
  data: ReplicaSlice,
): ProofOfIssuanceInput | null {
  const asset = data.assets.find((a) => a.id === assetId);
  if (!asset) return null;
  const rounds = new Map(data.rounds.filter((r) => r.assetId === assetId).map((r) => [r.id, r]));
  const held = data.holdings
    .filter((h) => h.investorId === investorId && rounds.has(h.roundId))
    .filter((h) => {
      const amount = parseDecimal(h.amount);
      return amount !== null && isPositive(amount);
    })
    .map((h) => ({
      roundName: rounds.get(h.roundId)?.name ?? "",
      issuedOn: h.issuedOn ?? h.createdOn,
      amount: h.amount,
    }))
    .sort((a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.roundName.localeCompare(b.roundName));
  if (held.length === 0) return null;
  const investor = data.accounts.find((a) => a.id === investorId);
  const issuer = data.accounts.find((a) => a.id === asset.issuerId);
  return {
    type: asset.type,
    assetName: asset.name,
    legalName: investor?.name ?? "",
    issuerName: issuer?.name ?? "",
    totalAmount: decimalText(held.reduce((total, h) => add(total, dec(h.amount)), ZERO)),
    holdings: held,
  };
}

/** The investors holding units of the asset (for the Investors popup), by name. */
export function assetShareholders(assetId: string, data: ReplicaSlice): { id: string; name: string }[] {
  const roundIds = new Set(data.rounds.filter((r) => r.assetId === assetId).map((r) => r.id));
  const ids = new Set(
    data.holdings
      .filter((h) => roundIds.has(h.roundId))
      .filter((h) => {
        const amount = parseDecimal(h.amount);
        return amount !== null && isPositive(amount);
      })
      .map((h) => h.investorId),
  );
  return [...ids]
    .map((id) => ({ id, name: data.accounts.find((a) => a.id === id)?.name ?? id.slice(0, 8) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * "{contact name with underscores}_proof_of_issuance_{short code}.pdf": the name's runs of spaces become one
 * underscore and characters a file system dislikes are dropped; the short code is the id's first 8 hex digits.
 */
export function proofOfIssuanceFileName(contactName: string, id: string): string {
  const name =
    contactName
      .trim()
      .replace(/[\\/:*?"<>|]+/g, "")
      .replace(/\s+/g, "_") || "shareholder";
  const code = id.replace(/-/g, "").slice(0, 8);
  return `${name}_proof_of_issuance_${code}.pdf`;
}
