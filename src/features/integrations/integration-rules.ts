// Which integrations an account sees and what a card offers (spec part 2: investors see portfolio; others see
// compliance, signing, {product}IO and payment; the process is shown until complete, then Manage for Signing,
// Payment processing, LedgerlineIO and Portfolio), and the 3-per-page paging.

export const PAGE_SIZE = 3;

export function integrationTypesFor(accountType: string | null | undefined): string[] {
  return accountType === "investor" ? ["portfolio"] : ["compliance", "signing", "ledgerlineIO", "payment"];
}

/** Where Manage goes for a complete integration, or null when it has no Manage. */
export function manageLink(type: string): string | null {
  if (type === "payment") return "/north-capital/issuers";
  if (type === "signing") return "/docusign/templates";
  if (type === "ledgerlineIO") return "/ledgerline-io";
  if (type === "portfolio") return "/portfolio-connect";
  return null;
}

/** The page (1-based) holding the first integration of `type`; 1 when there is none. */
export function pageHolding(items: readonly { type: string }[], type: string | undefined): number {
  const index = type ? items.findIndex((item) => item.type === type) : -1;
  return index < 0 ? 1 : Math.floor(index / PAGE_SIZE) + 1;
}

export function pageOf<T>(items: T[], page: number): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), page: current, pages };
}
