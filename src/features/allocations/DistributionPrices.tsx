// A distribution's prices: one per currency (USD today), added while none is set.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { formatMoney } from "../../domain/format.ts";
import { Button, Card, mutedText, TextField, tableClass } from "../../ui/index.ts";
import { newId } from "./new-id.ts";
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
    if (!price.trim()) return setError("Price per unit is required.");
    if (prices.some((p) => (p.currencyCode ?? "USD") === "USD"))
      return setError("Multiple prices of the same currency is not supported.");
    setError(null);
    await command("createDistributionPrice", {
      input: {
        distributionPrice: { id: newId(), distributionId: distribution.id, price: price.trim(), currencyId: 1 },
      },
    });
    setPrice("");
  };
  return (
    <Card title="Prices">
      {prices.length === 0 ? (
        <p className={mutedText}>No Price</p>
      ) : (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>Currency</th>
              <th className="num">Price per unit</th>
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
            label="Price per unit (USD)"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={error ?? undefined}
          />
          <Button onClick={add}>Add Price</Button>
        </div>
      )}
    </Card>
  );
}
