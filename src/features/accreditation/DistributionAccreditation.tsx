// On a distribution the reviewer manages: the investor's accreditation verification for it (its status) and a link
// to the reviewer's screen, where the evidence is and the decision is made. Nothing when there is none.
import { Link } from "@tanstack/react-router";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { currentStatus, reviewOrder, statusLabel } from "../../domain/accreditation.ts";
import { linkClass } from "../../ui/index.ts";
import { REVIEW_TEXT as T } from "./strings.ts";
import { useAllVerifications } from "./use-accreditations.ts";

export function DistributionAccreditation({ distributionId }: { distributionId: string }) {
  const { accountId } = useViewer();
  const { rows } = useAllVerifications();
  const mine = rows.filter((row) => row.distributionId === distributionId && row.reviewerAccountId === accountId);
  if (mine.length === 0) return null;
  const { toReview, decided } = reviewOrder(mine);
  const shown = toReview[0] ?? decided[0];
  if (!shown) return null;
  return (
    <p
      className={css({ display: "flex", gap: "3", flexWrap: "wrap", alignItems: "center", fontSize: "sm" })}
      data-testid="distribution-accreditation"
    >
      <span>{T.distributionStatus(statusLabel(currentStatus(shown, new Date().toISOString().slice(0, 10))))}</span>
      <Link to="/accreditations" className={linkClass}>
        {T.distributionLink}
      </Link>
    </p>
  );
}
