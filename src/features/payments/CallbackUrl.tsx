// The status callback's address for North Capital, read from the server (it holds the payment account's secret).
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { graphql } from "../../data/graphql.ts";
import { Fact } from "../../ui/index.ts";
import { PAYMENTS_TEXT as T } from "./strings.ts";

/** The status callback's URL with the payment account's secret, to give North Capital (owners and admins, online). */
export function CallbackUrl({ paymentAccountId }: { paymentAccountId: string }) {
  const [path, setPath] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    graphql<{ paymentCallbackPath: string | null }>("query ($id: UUID!) { paymentCallbackPath(id: $id) }", {
      id: paymentAccountId,
    }).then(
      (data) => {
        if (!cancelled) setPath(data.paymentCallbackPath);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [paymentAccountId]);
  if (!path) return null;
  return (
    <dl>
      <Fact label={T.callbackUrl}>
        <code className={css({ fontSize: "xs", wordBreak: "break-all" })} data-testid="payment-callback-url">
          {`${window.location.origin}${path}`}
        </code>
      </Fact>
    </dl>
  );
}
