// What an OCF package would import (the server's preview, nothing written yet): its figures, its stock classes and
// financings, and every problem with its file and object id.
import type { ReactNode } from "react";
import { css } from "../../../styled-system/css";
import { formatDate, formatInteger, formatNumber } from "../../domain/format.ts";
import { Fact, mutedText, ScrollRegion, tableClass } from "../../ui/index.ts";
import type { Preview, Problem } from "./ocf-import-request.ts";
import { ADMIN_OCF_TEXT, OCF_TEXT } from "./strings.ts";

const cell = css({
  textAlign: "left",
  p: "2",
  borderBottomWidth: "1px",
  borderColor: "border.subtle",
  verticalAlign: "top",
});
const numberCell = css({
  textAlign: "right",
  p: "2",
  borderBottomWidth: "1px",
  borderColor: "border.subtle",
  fontVariantNumeric: "tabular-nums",
});
const section = css({ display: "flex", flexDirection: "column", gap: "4" });
const problemsSection = css({ display: "flex", flexDirection: "column", gap: "2" });
const heading = css({ fontWeight: "700" });

export function OcfPreview({ preview, newIssuer }: { preview: Preview; newIssuer: boolean }) {
  return (
    <div data-testid="ocf-preview" className={section}>
      <h3 className={heading}>{OCF_TEXT.previewTitle}</h3>
      <dl
        className={css({
          display: "grid",
          gridTemplateColumns: { base: "1fr 1fr", md: "repeat(4, 1fr)" },
          gap: "4",
        })}
      >
        {preview.newIssuer && (
          <Fact label={ADMIN_OCF_TEXT.newIssuer} testId="ocf-preview-new-issuer">
            {preview.newIssuer.name || "-"}
          </Fact>
        )}
        {preview.newIssuer && (
          <Fact label={ADMIN_OCF_TEXT.owner} testId="ocf-preview-owner">
            {preview.newIssuer.ownerExists
              ? ADMIN_OCF_TEXT.ownerExists(preview.newIssuer.ownerEmail)
              : ADMIN_OCF_TEXT.ownerInvited(preview.newIssuer.ownerEmail)}
          </Fact>
        )}
        <Fact label={OCF_TEXT.packageIssuer}>{preview.issuer ?? "-"}</Fact>
        <Fact label={OCF_TEXT.asOf}>{formatDate(preview.asOf) || "-"}</Fact>
        <Fact label={OCF_TEXT.stakeholders} testId="ocf-preview-stakeholders">
          {formatInteger(preview.stakeholders.total)} (
          {(newIssuer ? ADMIN_OCF_TEXT.stakeholdersDetail : OCF_TEXT.stakeholdersDetail)(
            preview.stakeholders.matchedContacts,
            preview.stakeholders.newContacts,
          )}
          )
        </Fact>
        <Fact label={OCF_TEXT.issuances} testId="ocf-preview-issuances">
          {formatInteger(preview.issuances)}
        </Fact>
        <Fact label={OCF_TEXT.units}>{formatNumber(preview.units)}</Fact>
        <Fact label={OCF_TEXT.cancellations}>{formatInteger(preview.cancellations)}</Fact>
        <Fact label={OCF_TEXT.transfers}>{formatInteger(preview.transfers)}</Fact>
        <Fact label={OCF_TEXT.repurchases}>{formatInteger(preview.repurchases ?? 0)}</Fact>
        <Fact label={OCF_TEXT.splits} testId="ocf-preview-splits">
          {formatInteger(preview.splits ?? 0)}
        </Fact>
        <Fact label={OCF_TEXT.conversions} testId="ocf-preview-conversions">
          {formatInteger(preview.conversions ?? 0)}
        </Fact>
        <Fact label={OCF_TEXT.vestingTerms}>{formatInteger(preview.vestingTerms)}</Fact>
      </dl>
      <SummaryTable
        label={OCF_TEXT.stockClasses}
        rows={preview.stockClasses}
        rowKey={(c) => c.name}
        columns={[
          { title: OCF_TEXT.className, value: (c) => c.name },
          { title: OCF_TEXT.authorized, numeric: true, value: (c) => formatNumber(c.authorized) },
          { title: OCF_TEXT.count, numeric: true, value: (c) => formatInteger(c.issuances) },
          { title: OCF_TEXT.units, numeric: true, value: (c) => formatNumber(c.units) },
        ]}
      />
      <SummaryTable
        label={OCF_TEXT.financings}
        rows={preview.financings}
        rowKey={(f) => `${f.name}-${f.date}`}
        columns={[
          { title: OCF_TEXT.financingName, value: (f) => f.name },
          { title: OCF_TEXT.date, value: (f) => formatDate(f.date) },
          { title: OCF_TEXT.count, numeric: true, value: (f) => formatInteger(f.issuances) },
          { title: OCF_TEXT.units, numeric: true, value: (f) => formatNumber(f.units) },
        ]}
      />
    </div>
  );
}

interface SummaryColumn<T> {
  title: string;
  numeric?: boolean;
  value: (row: T) => ReactNode;
}

/** A named table of the preview that scrolls in its own region on a phone; nothing when it has no rows. */
function SummaryTable<T>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => string;
  columns: SummaryColumn<T>[];
}) {
  if (rows.length === 0) return null;
  return (
    <ScrollRegion label={label}>
      <table className={tableClass} aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.title} className={c.numeric ? numberCell : cell}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.title} className={c.numeric ? numberCell : cell}>
                  {c.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Every problem the server found, errors and warnings, each with its file and object id. */
export function OcfProblems({ problems }: { problems: Problem[] }) {
  return (
    <div data-testid="ocf-problems" className={problemsSection}>
      <h3 className={heading}>{OCF_TEXT.problems}</h3>
      {problems.length === 0 ? (
        <p className={mutedText}>{OCF_TEXT.noProblems}</p>
      ) : (
        <div>
          <ul aria-label={OCF_TEXT.problems} className={css({ display: "flex", flexDirection: "column" })}>
            {problems.map((p) => (
              <li
                key={`${p.severity}|${p.file}|${p.objectId}|${p.message}`}
                className={css({
                  display: "flex",
                  flexDirection: "column",
                  gap: "0.5",
                  py: "2",
                  borderBottomWidth: "1px",
                  borderColor: "border.subtle",
                  fontSize: "sm",
                })}
              >
                <span className={css({ fontWeight: "600", overflowWrap: "anywhere" })}>
                  <span className={css({ color: p.severity === "error" ? "danger" : "fg.muted" })}>
                    {p.severity === "error" ? OCF_TEXT.error : OCF_TEXT.warning}
                  </span>
                  {" · "}
                  {p.file}
                  {p.objectId ? ` · ${p.objectId}` : ""}
                </span>
                {/* the problem quotes the package itself (its files, object ids and OCF field names) */}
                <span data-identifier className={css({ overflowWrap: "anywhere" })}>
                  {p.message}
                </span>
              </li>
            ))}
          </ul>
          {problems.length >= 500 && <p className={mutedText}>{OCF_TEXT.moreProblems(problems.length)}</p>}
        </div>
      )}
    </div>
  );
}
