// A distribution's prices: one per currency (USD today), added while none is set.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import { formatMoney } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { Button, Card, mutedText, TextField, tableClass } from "../../ui/index.ts";
import { DISTRIBUTION_TEXT } from "./strings.ts";
import type { Distribution } from "./use-allocation.ts";

interface Price {
  id: string;
  price: string;
  currencyCode?: string;
  currencyId?: number;
  isPurchase?: boolean;
}
export function Prices({ distribution, canEdit }: { distribution: Distribution; canEdit: boolean }) {
  const command = useCommand();
  const prices = (distribution.prices ?? []) as Price[];
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    if (!price.trim()) return setError(DISTRIBUTION_TEXT.priceRequired);
    if (prices.some((p) => (p.currencyCode ?? "USD") === "USD")) return setError(DISTRIBUTION_TEXT.priceCurrencyTaken);
    setError(null);
    await command("createDistributionPrice", {
      input: {
        distributionPrice: { id: newId(), distributionId: distribution.id, price: price.trim(), currencyId: 1 },
      },
    });
    setPrice("");
  };
  return (
    <Card title={DISTRIBUTION_TEXT.prices}>
      {prices.length === 0 ? (
        <p className={mutedText}>{MESSAGES.noPrice}</p>
      ) : (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>{DISTRIBUTION_TEXT.currency}</th>
              <th className="num">{DISTRIBUTION_TEXT.pricePerUnit}</th>
            </tr>
          </thead>
          <tbody>
            {prices.map((p) => (
              <tr key={p.id}>
                <td>{p.currencyCode ?? "USD"}</td>
                <td className="num">{formatMoney(p.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && !prices.length && (
        <div className={css({ display: "flex", gap: "2", alignItems: "flex-end" })}>
          <TextField
            label={DISTRIBUTION_TEXT.pricePerUnitUsd}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={error ?? undefined}
          />
          <Button onClick={add}>{DISTRIBUTION_TEXT.addPrice}</Button>
        </div>
      )}
    </Card>
  );
}
