// The mark of a distribution that came by transfer (its units come from another holder, no payment is owed to the
// issuer), under the investor's name in the lists of distributions: the allocation's, the round's buyers and its
// incoming capital.
import { css } from "../../../styled-system/css";
import { BY_TRANSFER_TEXT } from "./strings.ts";

export function ByTransferMark() {
  return (
    <div className={css({ fontSize: "xs", color: "fg.muted" })} data-testid="by-transfer">
      {BY_TRANSFER_TEXT.mark} · {BY_TRANSFER_TEXT.noPayment}
    </div>
  );
}
