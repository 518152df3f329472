// /wallet (spec part 2): a card per deployed token with positive holdings, in a grid of 12 columns on phones, 6 on
// small, 4 on medium and 3 on large screens. The positions travel inside the investor's holding documents
// (sync/database/read-models/10_holdings.sql), so the wallet renders offline from the replicas; the card rules (test
// chain and zero amounts hidden, precision, sell/spot values, N/A, Trade or Not Listed) are src/domain/wallet.ts. Below
// the cards, the investor's blockchain address per chain (AddressesSection.tsx).
import { useMemo } from "react";
import { css, cx } from "../../../styled-system/css";
import { badge, card } from "../../../styled-system/recipes";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { formatInteger, formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { tokensOfHoldings, type WalletCard, walletCards } from "../../domain/wallet.ts";
import { Button, ButtonLink, EmptyState, Loading, Page, PageHeader } from "../../ui/index.ts";
import { chainLabel } from "../tokens/index.ts";
import { AddressesSection } from "./AddressesSection.tsx";
import { WALLET_TEXT } from "./strings.ts";

interface Card extends WalletCard {
  precision: number;
  chain: string;
  source: string;
}

/** The wallet cards of the selected investor account on this device. */
function useWalletCards(): { cards: Card[]; loading: boolean } {
  const { session } = useViewer();
  const investorId = session.account?.id ?? "-";
  const holdings = useModel("holdings", { selector: { investorId } });
  const cards = useMemo(() => {
    const tokens = tokensOfHoldings(holdings.rows);
    const byId = new Map(tokens.map((token) => [token.id, token]));
    return walletCards(tokens).map((walletCard) => {
      const token = byId.get(walletCard.id);
      return {
        ...walletCard,
        precision: token?.precision ?? 0,
        chain: token?.chain ?? "",
        source: [token?.assetName, token?.roundName].filter(Boolean).join(" · "),
      };
    });
  }, [holdings.rows]);
  return { cards, loading: holdings.loading };
}

const amountText = (card: Card) =>
  card.precision > 0 ? formatNumber(card.amount, card.precision) : formatInteger(card.amount);

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <>
      <dt className={css({ color: "fg.muted" })}>{label}</dt>
      <dd className={css({ textAlign: "right", fontVariantNumeric: "tabular-nums" })} data-testid={testId}>
        {value}
      </dd>
    </>
  );
}

function TokenCard({ token }: { token: Card }) {
  return (
    <article
      className={cx(card(), css({ p: "5", display: "flex", flexDirection: "column", gap: "4", minW: "0" }))}
      data-testid="wallet-card"
      aria-label={token.name}
    >
      <header className={css({ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: "2" })}>
        <div className={css({ minW: "0" })}>
          <h2 className={css({ fontWeight: "700", fontSize: "md", lineHeight: "1.3" })}>{token.name}</h2>
          {token.source && <p className={css({ fontSize: "xs", color: "fg.muted", mt: "0.5" })}>{token.source}</p>}
        </div>
        <span className={badge({ tone: "brand" })} data-testid="wallet-symbol">
          {token.symbol}
        </span>
      </header>
      <div>
        <p className={css({ fontSize: "xs", color: "fg.muted", textTransform: "uppercase", letterSpacing: "wide" })}>
          {WALLET_TEXT.balance}
        </p>
        <p
          className={css({ fontSize: "2xl", fontWeight: "700", fontVariantNumeric: "tabular-nums" })}
          data-testid="wallet-amount"
        >
          {amountText(token)} <span className={css({ fontSize: "sm", color: "fg.muted" })}>{token.symbol}</span>
        </p>
        {token.chain && <p className={css({ fontSize: "xs", color: "fg.subtle" })}>{chainLabel(token.chain)}</p>}
      </div>
      <dl className={css({ display: "grid", gridTemplateColumns: "1fr auto", rowGap: "1.5", fontSize: "sm" })}>
        <Figure
          label={WALLET_TEXT.price}
          value={token.price ? formatMoney(token.price) : WALLET_TEXT.notAvailable}
          testId="wallet-price"
        />
        <Figure
          label={WALLET_TEXT.sellValue}
          value={token.sellValue ? formatMoney(token.sellValue) : WALLET_TEXT.notAvailable}
          testId="wallet-sell-value"
        />
        <Figure
          label={WALLET_TEXT.spotValue}
          value={token.spotValue ? formatMoney(token.spotValue) : WALLET_TEXT.notAvailable}
          testId="wallet-spot-value"
        />
      </dl>
      <div className={css({ mt: "auto", display: "flex", gap: "2", alignItems: "center" })}>
        {token.tradable && token.priceUrl ? (
          <>
            <ButtonLink href={token.priceUrl} target="_blank" rel="noopener noreferrer" variant="solid" size="sm">
              {WALLET_TEXT.trade}
            </ButtonLink>
            <a
              href={token.priceUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={css({ fontSize: "sm", color: "fg.link" })}
            >
              {WALLET_TEXT.priceHistory}
            </a>
          </>
        ) : (
          <Button variant="outline" size="sm" disabled>
            {WALLET_TEXT.notListed}
          </Button>
        )}
      </div>
    </article>
  );
}

export function WalletPage() {
  const { cards, loading } = useWalletCards();
  return (
    <Page>
      <PageHeader title={WALLET_TEXT.title}>
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>{WALLET_TEXT.intro}</p>
      </PageHeader>
      <Loading loading={loading}>
        {cards.length === 0 ? (
          <EmptyState text={MESSAGES.noWalletTokens} />
        ) : (
          <div
            className={css({
              display: "grid",
              gap: "4",
              gridTemplateColumns: { base: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)", lg: "repeat(4, 1fr)" },
            })}
          >
            {cards.map((token) => (
              <TokenCard key={token.id} token={token} />
            ))}
          </div>
        )}
      </Loading>
      <div className={css({ mt: "8" })}>
        <AddressesSection />
      </div>
    </Page>
  );
}
