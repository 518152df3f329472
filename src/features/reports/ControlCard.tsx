// The control report (issue 32 item 3, docs/REGISTER.md): per security, authorized, issued and outstanding units
// against the holdings, the cap table and the chain, with each difference in people's words. Made by the server
// (it reads the chain's balances and every holding of the security), so offline the card says it needs the network.
import { useEffect, useState } from "react";
import { css } from "../../../styled-system/css";
import { graphql } from "../../data/graphql.ts";
import { formatNumber } from "../../domain/format.ts";
import { type ControlLine, controlFindings, NO_FINDINGS } from "../../domain/register.ts";
import { Card, CardTable, mutedText } from "../../ui/index.ts";
import { ReportHeading } from "./ReportHeading.tsx";
import { CONTROL_TEXT } from "./strings.ts";

const CONTROL_QUERY = `query registerControl { registerControl { nodes {
  securityId security authorized issued outstanding holdings capTable tokenizedHoldings onChain } } }`;

type Line = ControlLine & { securityId: string };
type State = { kind: "loading" } | { kind: "failed" } | { kind: "ready"; lines: Line[] };

export function ControlCard({ online, download }: { online: boolean; download: (path: string) => void }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    if (!online) return;
    let live = true;
    setState({ kind: "loading" });
    graphql<{ registerControl: { nodes: Line[] } }>(CONTROL_QUERY)
      .then((data) => live && setState({ kind: "ready", lines: data.registerControl.nodes }))
      .catch(() => live && setState({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, [online]);
  return (
    <Card testId="report-control">
      <ReportHeading
        title={CONTROL_TEXT.title}
        description={CONTROL_TEXT.description}
        offline={!online}
        onDownload={() => download("/api/v2/reports/control")}
      />
      {!online ? (
        <p className={mutedText} role="status">
          {CONTROL_TEXT.offline}
        </p>
      ) : state.kind === "loading" ? (
        <p className={mutedText}>{CONTROL_TEXT.loading}</p>
      ) : state.kind === "failed" ? (
        <p className={mutedText} role="alert">
          {CONTROL_TEXT.failed}
        </p>
      ) : (
        <CardTable
          rows={state.lines}
          empty={CONTROL_TEXT.none}
          label={CONTROL_TEXT.title}
          tableLabel={CONTROL_TEXT.title}
          headers={[
            CONTROL_TEXT.security,
            { title: CONTROL_TEXT.authorized, num: true },
            { title: CONTROL_TEXT.issued, num: true },
            { title: CONTROL_TEXT.outstanding, num: true },
            { title: CONTROL_TEXT.holdings, num: true },
            { title: CONTROL_TEXT.onChain, num: true },
            CONTROL_TEXT.findings,
          ]}
        >
          {(line) => {
            const findings = controlFindings(line);
            return (
              <tr key={line.securityId} data-testid="control-row">
                <td className={css({ fontWeight: "600" })}>{line.security}</td>
                <td className="num">{formatNumber(line.authorized)}</td>
                <td className="num">{formatNumber(line.issued)}</td>
                <td className="num">{formatNumber(line.outstanding)}</td>
                <td className="num">{formatNumber(line.holdings)}</td>
                <td className="num">{line.onChain === null ? "" : formatNumber(line.onChain)}</td>
                <td className={css({ color: findings.length ? "danger" : undefined })}>
                  {findings.length ? findings.join(" ") : NO_FINDINGS}
                </td>
              </tr>
            );
          }}
        </CardTable>
      )}
    </Card>
  );
}
