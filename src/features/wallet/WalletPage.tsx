// /wallet (spec part 2): a card per deployed token with positive holdings, in a grid of 12 columns on phones, 6 on
// small, 4 on medium and 3 on large screens. Tokens (and the holdings' blockchain addresses) are not modelled on the
// server yet, so there is no token on any device and the wallet shows its empty text; the card rules live in
// src/domain/wallet.ts, tested, ready for the token read model. Renders offline like every replica-backed screen.
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { formatMoney, formatNumber } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { type WalletCard, type WalletToken, walletCards } from "../../domain/wallet.ts";
import { Button, EmptyState, Page, PageHeader } from "../../ui/index.ts";

/** The tokens of the selected account on this device: none until tokens are replicated. */
function useWalletTokens(): WalletToken[] {
  return [];
}

function TokenCard({ token }: { token: WalletCard }) {
  return (
    <article
      className={cx(card(), css({ p: "5", display: "flex", flexDirection: "column", gap: "3" }))}
      data-testid="wallet-card"
    >
      <header>
        <h2 className={css({ fontWeight: "700" })}>{token.name}</h2>
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>{token.symbol}</p>
      </header>
      <dl className={css({ display: "grid", gridTemplateColumns: "1fr auto", rowGap: "1.5", fontSize: "sm" })}>
        <dt>Amount</dt>
        <dd className={css({ textAlign: "right", fontWeight: "600" })}>{formatNumber(token.amount)}</dd>
        <dt>Price</dt>
        <dd className={css({ textAlign: "right" })}>{token.price ? formatMoney(token.price) : "N/A"}</dd>
        <dt>Sell value</dt>
        <dd className={css({ textAlign: "right" })}>{token.sellValue ? formatMoney(token.sellValue) : "N/A"}</dd>
        <dt>Spot value</dt>
        <dd className={css({ textAlign: "right" })}>{token.spotValue ? formatMoney(token.spotValue) : "N/A"}</dd>
      </dl>
      {token.tradable && token.priceUrl ? (
        <a
          href={token.priceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={css({ color: "fg.link", fontWeight: "600" })}
        >
          Trade
        </a>
      ) : (
        <Button variant="outline" disabled>
          Not Listed
        </Button>
      )}
    </article>
  );
}

export function WalletPage() {
  const cards = walletCards(useWalletTokens());
  return (
    <Page>
      <PageHeader title="Wallet" />
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
    </Page>
  );
}
