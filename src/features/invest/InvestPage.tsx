// The invest page (spec part 2): the offering from investorOfferingDetailsById, the invest card in edit mode with
// type USD or Units and the amount (both kept in the query string), the invest rules of src/domain/capital.ts, a
// confirmation dialog, investorMakeDistribution (the server checks again), then /distribution/{id} after 500 ms.
// The offering and the investment need the server now: offline the page says so.
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { css, cx } from "../../../styled-system/css";
import { card } from "../../../styled-system/recipes";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { DEFAULT_INVEST_AMOUNT, type InvestType, investQuote, priceDisplayScale } from "../../domain/capital.ts";
import { toString as decimalText } from "../../domain/decimal.ts";
import { formatInteger, formatMoney, formatNumber } from "../../domain/format.ts";
import type { InvestSearch } from "../../domain/invest-search.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Spinner } from "../../ui/icons.tsx";
import { Breadcrumb, Button, Dialog, DialogButtons, ErrorBlock, Page, TextField, toast } from "../../ui/index.ts";
import { InvestCard } from "./InvestCard.tsx";
import { INVEST_TEXT } from "./strings.ts";

/** Redirect to the new distribution after investing (spec part 2 section 9). */
const INVEST_REDIRECT_MS = 500;

interface OfferingDetails {
  id: string;
  issuerName: string;
  sellerName: string;
  assetName: string;
  className: string;
  classPrice: string;
}

const DETAILS = /* GraphQL */ `
  query investorOfferingDetailsById($id: UUID!) {
    investorOfferingDetailsById(id: $id) { id issuerName sellerName assetName className classPrice }
  }
`;

const INVEST = /* GraphQL */ `
  mutation investorMakeDistribution($offeringId: UUID!, $amount: BigFloat!, $id: UUID) {
    investorMakeDistribution(input: { offeringId: $offeringId, amount: $amount, id: $id }) { distribution { id amount } }
  }
`;

function useOffering(offeringId: string, online: boolean) {
  const [state, setState] = useState<{ offering: OfferingDetails | null; failed: boolean }>({
    offering: null,
    failed: false,
  });
  useEffect(() => {
    if (!online) return;
    let live = true;
    graphql<{ investorOfferingDetailsById: OfferingDetails | null }>(DETAILS, { id: offeringId })
      .then(
        (answer) =>
          live &&
          setState({ offering: answer.investorOfferingDetailsById, failed: !answer.investorOfferingDetailsById }),
      )
      .catch(() => live && setState({ offering: null, failed: true }));
    return () => {
      live = false;
    };
  }, [offeringId, online]);
  return state;
}

export function InvestPage({
  offeringId,
  search,
  onSearchChange,
}: {
  offeringId: string;
  search: InvestSearch;
  onSearchChange: (search: InvestSearch) => void;
}) {
  const online = useOnline();
  const navigate = useNavigate();
  const { offering, failed } = useOffering(offeringId, online);
  const [amount, setAmount] = useState(search.amount || DEFAULT_INVEST_AMOUNT);
  const [confirming, setConfirming] = useState(false);
  const [investing, setInvesting] = useState(false);
  const type = search.type as InvestType;

  const quote = offering ? investQuote(type, amount, offering.classPrice) : null;
  const error = typeof quote === "string" ? quote : null;
  const units = quote && typeof quote !== "string" ? quote.units : null;
  const canInvest = Boolean(units && units.units > 0n) && !error;

  function changeAmount(text: string) {
    setAmount(text);
    onSearchChange({ ...search, type, amount: text });
  }

  function changeType(next: InvestType) {
    onSearchChange({ ...search, type: next, amount });
  }

  async function invest() {
    if (!offering || !units || !canInvest) {
      toast.step("error", MESSAGES.investError);
      return;
    }
    setInvesting(true);
    const id = crypto.randomUUID();
    try {
      await graphql(INVEST, { offeringId: offering.id, amount: decimalText(units), id });
      setConfirming(false);
      setTimeout(
        () => navigate({ to: "/distribution/$distributionId", params: { distributionId: id } }),
        INVEST_REDIRECT_MS,
      );
    } catch {
      setInvesting(false);
      setConfirming(false);
      toast.step("error", MESSAGES.investError);
    }
  }

  const priceText = offering
    ? `$${formatNumber(offering.classPrice, Math.max(priceDisplayScale(offering.classPrice), 2))}`
    : "";
  const total = quote && typeof quote !== "string" ? quote.total : null;

  return (
    <Page maxWidth="64rem">
      <Breadcrumb items={[{ display: INVEST_TEXT.invest, active: true }]} />
      {!online ? (
        <div className={cx(card(), css({ p: "6" }))} data-testid="invest-offline">
          <p className={css({ fontWeight: "600" })}>{INVEST_TEXT.needsConnection}</p>
          <p className={css({ fontSize: "sm", color: "fg.muted", mt: "1" })}>{MESSAGES.offlineAction}</p>
        </div>
      ) : failed ? (
        <ErrorBlock text={INVEST_TEXT.notOpen} />
      ) : !offering ? (
        <Spinner />
      ) : (
        <div
          className={css({
            display: "flex",
            flexDirection: { base: "column", md: "row" },
            gap: "6",
            alignItems: "flex-start",
          })}
        >
          <InvestCard
            issuerName={offering.issuerName}
            assetName={offering.assetName}
            className={offering.className}
            price={offering.classPrice}
          >
            <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
              <div
                role="toolbar"
                aria-label={INVEST_TEXT.investBy}
                className={css({
                  display: "grid",
                  gridTemplateColumns: "1fr 1fr",
                  bg: "bg.muted",
                  p: "1",
                  borderRadius: "control",
                })}
              >
                {(["USD", "Units"] as const).map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={type === option}
                    onClick={() => changeType(option)}
                    className={css({
                      h: "8",
                      fontSize: "sm",
                      fontWeight: "600",
                      borderRadius: "md",
                      cursor: "pointer",
                      color: "fg.default",
                    })}
                    style={
                      type === option
                        ? { background: "var(--colors-bg-surface)", boxShadow: "var(--shadows-card)" }
                        : undefined
                    }
                  >
                    {option}
                  </button>
                ))}
              </div>
              <TextField
                label={type === "USD" ? INVEST_TEXT.amountUsd : INVEST_TEXT.units}
                name="amount"
                inputMode="decimal"
                value={amount}
                onChange={(event) => changeAmount(event.target.value)}
                error={error}
              />
              <dl className={css({ display: "grid", gridTemplateColumns: "1fr auto", rowGap: "2", fontSize: "sm" })}>
                <dt className={css({ color: "fg.muted" })}>{INVEST_TEXT.units}</dt>
                <dd className={css({ fontWeight: "600", textAlign: "right" })} data-testid="quote-units">
                  {units ? formatInteger(units) : "—"}
                </dd>
                {total !== null && (
                  <>
                    <dt className={css({ color: "fg.muted" })}>{INVEST_TEXT.total}</dt>
                    <dd className={css({ fontWeight: "700", textAlign: "right" })} data-testid="quote-total">
                      {formatMoney(total)}
                    </dd>
                  </>
                )}
              </dl>
              {quote && typeof quote !== "string" && quote.roundedDown && total !== null && (
                <p className={css({ fontSize: "xs", color: "fg.muted" })}>{MESSAGES.roundsDown}</p>
              )}
              <Button
                onClick={() => (canInvest ? setConfirming(true) : toast.step("error", MESSAGES.investError))}
                disabled={investing}
              >
                {INVEST_TEXT.invest}
              </Button>
            </div>
          </InvestCard>
          <section className={cx(card(), css({ p: "6", flex: "1", minW: 0 }))}>
            <h1 className={css({ fontSize: "xl", fontWeight: "700" })}>
              {offering.assetName} · {offering.className}
            </h1>
            <p className={css({ fontSize: "sm", color: "fg.muted", mt: "2" })}>
              {INVEST_TEXT.offeredBy(offering.sellerName, offering.issuerName, priceText)}
            </p>
            <ol
              className={css({
                mt: "5",
                display: "flex",
                flexDirection: "column",
                gap: "2",
                fontSize: "sm",
                listStyle: "decimal",
                pl: "5",
              })}
            >
              <li>{INVEST_TEXT.stepChoose}</li>
              <li>{INVEST_TEXT.stepConfirm}</li>
              <li>{INVEST_TEXT.stepOnboarding}</li>
            </ol>
          </section>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => !investing && setConfirming(open)}
        title={INVEST_TEXT.confirmInvestment}
        description={
          offering && units
            ? INVEST_TEXT.investingIn(
                formatInteger(units),
                offering.assetName,
                offering.className,
                total !== null ? formatMoney(total) : null,
              )
            : undefined
        }
        footer={
          <DialogButtons
            cancelLabel={INVEST_TEXT.cancel}
            onCancel={() => setConfirming(false)}
            cancelDisabled={investing}
            actionLabel={INVEST_TEXT.confirm}
            onAction={invest}
            busy={investing}
          />
        }
      />
    </Page>
  );
}
