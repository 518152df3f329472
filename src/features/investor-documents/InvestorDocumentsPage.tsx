// /investor-documents (spec part 2: "built from securities and holdings"): the documents shared with the investor,
// grouped by the security they belong to and by the investor's holdings, from the local replicas (offline too).
// Downloads go through the server (online only), as on the holding and security pages.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useModel } from "../../data/hooks.tsx";
import { MESSAGES } from "../../domain/messages.ts";
import { EmptyState, Loading, Page, PageHeader } from "../../ui/index.ts";
import { DocumentsTable } from "../documents/DocumentsTable.tsx";
import { useViewer } from "../session/viewer.ts";
import { INVESTOR_DOCUMENTS_TEXT } from "./strings.ts";

export function InvestorDocumentsPage() {
  const { session } = useViewer();
  const investorId = session.account?.id ?? "-";
  const documents = useModel("documents");
  const securities = useModel("securities");
  const holdings = useModel("holdings", { selector: { investorId } });
  const rounds = useModel("rounds");
  const accounts = useModel("accounts");

  const groups = useMemo(() => {
    const securityNames = new Map(securities.rows.map((security) => [security.id, security.name]));
    const roundNames = new Map(rounds.rows.map((round) => [round.id, round.name]));
    const holdingNames = new Map(
      holdings.rows.map((holding) => [
        holding.id,
        `${securityNames.get(holding.securityId) ?? INVESTOR_DOCUMENTS_TEXT.holding} · ${roundNames.get(holding.roundId) ?? ""}`,
      ]),
    );
    const visible = documents.rows.filter((document) => !document._pending?.deleted);
    const bySecurity = new Map<string, typeof visible>();
    const byHolding = new Map<string, typeof visible>();
    for (const document of visible) {
      if (document.securityId)
        bySecurity.set(document.securityId, [...(bySecurity.get(document.securityId) ?? []), document]);
      else if (document.holdingId && holdingNames.has(document.holdingId)) {
        byHolding.set(document.holdingId, [...(byHolding.get(document.holdingId) ?? []), document]);
      }
    }
    return [
      ...[...bySecurity].map(([id, docs]) => ({
        key: `security:${id}`,
        title: securityNames.get(id) ?? INVESTOR_DOCUMENTS_TEXT.security,
        kind: INVESTOR_DOCUMENTS_TEXT.security,
        docs,
      })),
      ...[...byHolding].map(([id, docs]) => ({
        key: `holding:${id}`,
        title: holdingNames.get(id) ?? INVESTOR_DOCUMENTS_TEXT.holding,
        kind: INVESTOR_DOCUMENTS_TEXT.holding,
        docs,
      })),
    ].sort((a, b) => a.title.localeCompare(b.title));
  }, [documents.rows, securities.rows, holdings.rows, rounds.rows]);
  const uploaderNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );

  return (
    <Page>
      <PageHeader title={INVESTOR_DOCUMENTS_TEXT.title}>
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>{INVESTOR_DOCUMENTS_TEXT.intro}</p>
      </PageHeader>
      <Loading loading={documents.loading}>
        {groups.length === 0 ? (
          <EmptyState text={MESSAGES.noDocumentsTitle} />
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
            {groups.map((group) => (
              <section key={group.key} aria-label={group.title} data-testid="document-group">
                <h2 className={css({ fontSize: "md", fontWeight: "700", mb: "3" })}>
                  {group.title}{" "}
                  <span className={css({ color: "fg.muted", fontWeight: "500", fontSize: "sm" })}>{group.kind}</span>
                </h2>
                <DocumentsTable
                  label={group.title}
                  documents={group.docs}
                  owner={false}
                  viewerType="investor"
                  canDelete={false}
                  uploaderNames={uploaderNames}
                />
              </section>
            ))}
          </div>
        )}
      </Loading>
    </Page>
  );
}
