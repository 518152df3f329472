// The investor's portfolio (spec part 2: portfolio, states, constants): assets, each expandable to its rounds, each
// round to its investments - holdings (Issued) and distributions (Onboarding, Pending; locked ones left out) - with
// the 22 columns and their formulas. Pure: the screen passes plain documents from the replicas.
//
// Formulas: units = amount; latest price = the security's unit value, else the round price; value = units x latest
// price; investment = units x purchase price; cost basis = the purchase price (asset and round rows: the average
// across their rows); committed = units x round price; paid-in = paid payments; percent paid = paid-in / committed
// x 100; coupon (as yield) and term (years to maturity) for debt rounds, N/A otherwise; fund assets only: deployed =
// the round's capital deployments pro rata to the units of the round's total, undeployed = paid-in - deployed (not
// below 0); paid-out dividends = the sum of the dividends paid on a holding, kept by the server (distributions, not
// yet issued: N/A; asset and round rows: the exact sum over their holdings). Tokenized (holdings): an address with status trade on
// a chain other than the product's test chain (isTokenized, src/domain/wallet.ts); distributions read "No".
import { committedCapital, costBasis, paidInCapital, percentPaid, totalValue } from "./capital.ts";
import { add, compare, type Decimal, dec, div, mul, sub, sum, ZERO } from "./decimal.ts";
import { currentStep, type ProcessDoc, stepTitle, topSteps } from "./onboarding.ts";
import { distributionStage, type InvestmentStage } from "./portfolio-status.ts";
import { isTokenized } from "./wallet.ts";

interface PortfolioAsset {
  id: string;
  name: string;
  issuerId: string;
  type: string;
  assetTypeByType?: { type?: string; accountingType?: string | null } | null;
}

interface PortfolioRound {
  id: string;
  assetId: string;
  name: string;
  price?: string;
  total?: string;
  security?: { unitValue?: string | null } | null;
  trancheBondData?: { term?: string; coupon?: string } | null;
  /** Capital deployments ({amount}). */
  capitalDeployments?: unknown[] | null;
}

export interface PortfolioPayment {
  amount: string;
  status?: string;
}

interface PortfolioDistribution {
  id: string;
  amount: string;
  status: string;
  locked?: boolean | null;
  purchasePrice?: string | null;
  payments?: PortfolioPayment[] | null;
  allocation?: { roundId?: string } | null;
  process?: ProcessDoc | null;
}

interface PortfolioHolding {
  id: string;
  roundId: string;
  amount: string;
  purchasePrice?: string | null;
  distributionId?: string | null;
  /** The holding's blockchain addresses ({status, chain}) for Tokenized. */
  blockchainAddresses?: readonly unknown[] | null;
  /** The sum of the dividends paid out on the holding (the server keeps it; absent means none). */
  paidOutDividends?: string | null;
}

interface PortfolioInput {
  assets: readonly PortfolioAsset[];
  rounds: readonly PortfolioRound[];
  distributions: readonly PortfolioDistribution[];
  holdings: readonly PortfolioHolding[];
  issuerNames: ReadonlyMap<string, string>;
  /** Only investments at these stages (the status chips); all when empty. */
  stages?: readonly InvestmentStage[];
}

type PortfolioRowKind = "asset" | "round" | "holding" | "distribution";

export interface PortfolioRow {
  id: string;
  kind: PortfolioRowKind;
  /** Ids of the rows above (asset, then round). */
  path: string[];
  /** Link of an investment row (a holding page or the distribution's onboarding). */
  href: string | null;
  asset: string;
  issuer: string;
  round: string;
  tokenized: string;
  status: string;
  progress: string;
  nextStep: string;
  type: string;
  category: string;
  units: Decimal;
  value: Decimal | null;
  investment: Decimal | null;
  purchasePrice: Decimal | null;
  latestPrice: Decimal | null;
  committedCapital: Decimal | null;
  paidInCapital: Decimal;
  percentPaid: Decimal | null;
  deployedCapital: Decimal | null;
  undeployedCapital: Decimal | null;
  paidOutDividends: Decimal | null;
  coupon: Decimal | null;
  term: Decimal | null;
  childCount: number;
  /**
   * A holding without the distribution it was issued from (a cap table imported from the blockchain or another
   * system): the investment's record is incomplete (spec part 2 section 8, MESSAGES.incompleteRecord).
   */
  incomplete?: boolean;
}

const paid = (payments: readonly PortfolioPayment[] | null | undefined) =>
  paidInCapital((payments ?? []).filter((payment) => !payment.status || payment.status === "paid"));

const orNull = (text: string | null | undefined) => (text != null && text !== "" ? dec(text) : null);

function processProgress(process: ProcessDoc | null | undefined): { progress: string; nextStep: string } {
  if (!process) return { progress: "", nextStep: "" };
  const steps = topSteps(process);
  if (steps.length === 0) return { progress: "No steps", nextStep: "" };
  const done = steps.filter((step) => step.status === "complete").length;
  const { top } = currentStep(process);
  return { progress: `${done} of ${steps.length}`, nextStep: top ? stepTitle(top) : "" };
}

function fundShare(
  round: PortfolioRound,
  units: Decimal,
  paidIn: Decimal,
): { deployed: Decimal; undeployed: Decimal } | null {
  const total = dec(round.total || "0");
  if (compare(total, ZERO) <= 0) return null;
  const deployments = sum(
    (round.capitalDeployments ?? []).map((deployment) => dec((deployment as { amount: string }).amount)),
  );
  const deployed = div(mul(deployments, units), total, 2) ?? ZERO;
  const left = sub(paidIn, deployed);
  return { deployed, undeployed: compare(left, ZERO) > 0 ? left : ZERO };
}

interface Item {
  stage: InvestmentStage;
  row: PortfolioRow;
}

function investmentRow(
  kind: "holding" | "distribution",
  id: string,
  href: string,
  asset: PortfolioAsset,
  round: PortfolioRound,
  issuer: string,
  amount: string,
  purchasePrice: string | null | undefined,
  payments: readonly PortfolioPayment[] | null | undefined,
  stage: InvestmentStage,
  process: ProcessDoc | null | undefined,
): PortfolioRow {
  const units = dec(amount);
  const price = orNull(purchasePrice) ?? dec(round.price ?? "0");
  const latest = orNull(round.security?.unitValue) ?? dec(round.price ?? "0");
  const committed = committedCapital(units, round.price ?? "0");
  const paidIn = paid(payments);
  const debt = asset.assetTypeByType?.accountingType === "debt";
  const fund = asset.assetTypeByType?.accountingType === "fund" ? fundShare(round, units, paidIn) : null;
  const { progress, nextStep } = kind === "holding" ? { progress: "Complete", nextStep: "" } : processProgress(process);
  return {
    id,
    kind,
    path: [asset.id, round.id],
    href,
    asset: asset.name,
    issuer,
    round: round.name,
    tokenized: "No",
    status: stage,
    progress,
    nextStep,
    type: asset.type,
    category: asset.assetTypeByType?.accountingType ?? "",
    units,
    value: mul(units, latest),
    investment: totalValue(units, price),
    purchasePrice: price,
    latestPrice: latest,
    committedCapital: committed,
    paidInCapital: paidIn,
    percentPaid: percentPaid(paidIn, committed),
    deployedCapital: fund?.deployed ?? null,
    undeployedCapital: fund?.undeployed ?? null,
    paidOutDividends: null,
    coupon: debt ? orNull(round.trancheBondData?.coupon) : null,
    term: debt ? orNull(round.trancheBondData?.term) : null,
    childCount: 0,
  };
}

const addOrNull = (values: Array<Decimal | null>) =>
  values.some((value) => value !== null)
    ? values.reduce<Decimal>((total, value) => (value ? add(total, value) : total), ZERO)
    : null;

/** One value when every row agrees, blank otherwise (status and tokenized of asset and round rows). */
const consistent = (values: string[]) =>
  values.length > 0 && values.every((value) => value === values[0]) ? (values[0] ?? "") : "";

function summaryRow(
  kind: "asset" | "round",
  id: string,
  path: string[],
  base: Partial<PortfolioRow>,
  items: PortfolioRow[],
): PortfolioRow {
  const committed = addOrNull(items.map((row) => row.committedCapital));
  const paidIn = sum(items.map((row) => row.paidInCapital));
  return {
    id,
    kind,
    path,
    href: null,
    asset: base.asset ?? "",
    issuer: base.issuer ?? "",
    round: base.round ?? "",
    tokenized: consistent(items.map((row) => row.tokenized)),
    status: consistent(items.map((row) => row.status)),
    progress: "",
    nextStep: "",
    type: base.type ?? "",
    category: base.category ?? "",
    units: sum(items.map((row) => row.units)),
    value: addOrNull(items.map((row) => row.value)),
    investment: addOrNull(items.map((row) => row.investment)),
    purchasePrice: costBasis(items.flatMap((row) => (row.purchasePrice ? [row.purchasePrice] : []))),
    latestPrice: kind === "round" ? (items[0]?.latestPrice ?? null) : null,
    committedCapital: committed,
    paidInCapital: paidIn,
    percentPaid: committed ? percentPaid(paidIn, committed) : null,
    deployedCapital: addOrNull(items.map((row) => row.deployedCapital)),
    undeployedCapital: addOrNull(items.map((row) => row.undeployedCapital)),
    paidOutDividends: addOrNull(items.map((row) => row.paidOutDividends)),
    coupon: kind === "round" ? (items[0]?.coupon ?? null) : null,
    term: kind === "round" ? (items[0]?.term ?? null) : null,
    childCount: items.length,
  };
}

/** What only a holding has: Tokenized and the dividends paid out on it. */
const withHoldingFacts = (holding: PortfolioHolding, row: PortfolioRow): PortfolioRow => ({
  ...row,
  tokenized: isTokenized(holding.blockchainAddresses) ? "Yes" : "No",
  paidOutDividends: orNull(holding.paidOutDividends) ?? ZERO,
  incomplete: !holding.distributionId,
});

/** Every row of the portfolio in tree order: asset, its rounds, each round's investments. */
export function buildPortfolio(input: PortfolioInput): PortfolioRow[] {
  const assets = new Map(input.assets.map((asset) => [asset.id, asset]));
  const rounds = new Map(input.rounds.map((round) => [round.id, round]));
  const distributions = new Map(input.distributions.map((distribution) => [distribution.id, distribution]));
  const items: Item[] = [];

  for (const holding of input.holdings) {
    if (compare(dec(holding.amount), ZERO) <= 0) continue;
    const round = rounds.get(holding.roundId);
    const asset = round ? assets.get(round.assetId) : undefined;
    if (!round || !asset) continue;
    const source = holding.distributionId ? distributions.get(holding.distributionId) : undefined;
    items.push({
      stage: "Issued",
      row: withHoldingFacts(
        holding,
        investmentRow(
          "holding",
          holding.id,
          `/holding/${holding.id}`,
          asset,
          round,
          input.issuerNames.get(asset.issuerId) ?? "",
          holding.amount,
          holding.purchasePrice,
          source?.payments,
          "Issued",
          null,
        ),
      ),
    });
  }
  // A holding stands for the distribution it was issued from, even while this device's copy of that distribution
  // (replicated on its own) still reads closed and unlocked: the investment is counted once.
  const issuedFrom = new Set(input.holdings.map((holding) => holding.distributionId).filter(Boolean));
  for (const distribution of input.distributions) {
    const stage = issuedFrom.has(distribution.id) ? null : distributionStage(distribution);
    const round = distribution.allocation?.roundId ? rounds.get(distribution.allocation.roundId) : undefined;
    const asset = round ? assets.get(round.assetId) : undefined;
    if (!stage || !round || !asset) continue;
    items.push({
      stage,
      row: investmentRow(
        "distribution",
        distribution.id,
        `/distribution/${distribution.id}`,
        asset,
        round,
        input.issuerNames.get(asset.issuerId) ?? "",
        distribution.amount,
        distribution.purchasePrice,
        distribution.payments,
        stage,
        distribution.process,
      ),
    });
  }

  const wanted = input.stages && input.stages.length > 0 ? new Set(input.stages) : null;
  const shown = items.filter((item) => !wanted || wanted.has(item.stage)).map((item) => item.row);
  const rows: PortfolioRow[] = [];
  const byAsset = new Map<string, PortfolioRow[]>();
  for (const row of shown) {
    const assetId = row.path[0] ?? "";
    byAsset.set(assetId, [...(byAsset.get(assetId) ?? []), row]);
  }
  const assetOrder = [...byAsset.keys()].sort((a, b) =>
    (assets.get(a)?.name ?? "").localeCompare(assets.get(b)?.name ?? ""),
  );
  for (const assetId of assetOrder) {
    const asset = assets.get(assetId);
    const assetItems = byAsset.get(assetId) ?? [];
    if (!asset) continue;
    const issuer = input.issuerNames.get(asset.issuerId) ?? "";
    const common = {
      asset: asset.name,
      issuer,
      type: asset.type,
      category: asset.assetTypeByType?.accountingType ?? "",
    };
    rows.push(summaryRow("asset", `asset:${asset.id}`, [], common, assetItems));
    const byRound = new Map<string, PortfolioRow[]>();
    for (const row of assetItems) byRound.set(row.path[1] ?? "", [...(byRound.get(row.path[1] ?? "") ?? []), row]);
    for (const [roundId, roundItems] of byRound) {
      const round = rounds.get(roundId);
      rows.push(
        summaryRow(
          "round",
          `round:${roundId}`,
          [`asset:${asset.id}`],
          { ...common, round: round?.name ?? "" },
          roundItems,
        ),
      );
      for (const row of roundItems) rows.push({ ...row, path: [`asset:${asset.id}`, `round:${roundId}`] });
    }
  }
  return rows;
}

/** The rows to show: an asset's rounds when it is expanded, a round's investments when it is expanded too. */
export function visibleRows(rows: readonly PortfolioRow[], expanded: ReadonlySet<string>): PortfolioRow[] {
  return rows.filter((row) => row.path.every((id) => expanded.has(id)));
}
