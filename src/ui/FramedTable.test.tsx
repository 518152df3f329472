// FramedTable renders the markup the account and contact screens spelled by hand: the EmptyState, or the table in the
// tableStyles look with its headers (text, right-aligned, hidden) and a row per record, bare or in a ScrollRegion.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { css } from "../../styled-system/css";
import { FramedTable } from "./FramedTable.tsx";
import { EmptyState } from "./Message.tsx";
import { ScrollRegion } from "./ScrollRegion.tsx";
import { tableStyles } from "./table.ts";

const rows = [
  { id: "a", name: "Avery", units: "10" },
  { id: "b", name: "Noor", units: "20" },
];

describe("FramedTable", () => {
  it("shows the EmptyState when there is no row", () => {
    const html = renderToStaticMarkup(<FramedTable rows={[]} empty="None yet" headers={["Name"]} cells={() => []} />);
    expect(html).toBe(renderToStaticMarkup(<EmptyState text="None yet" />));
  });

  it("draws a row per record from its cells, a right-aligned column, in a framed ScrollRegion", () => {
    const html = renderToStaticMarkup(
      <FramedTable
        label="People"
        framed
        testId="people"
        rowTestId="person"
        headers={["Name", { title: "Units", align: "right" }]}
        rows={rows}
        cells={(row) => [row.name, row.units]}
      />,
    );
    expect(html).toBe(
      renderToStaticMarkup(
        <ScrollRegion label="People" className={tableStyles.wrap}>
          <table className={tableStyles.table} data-testid="people">
            <thead>
              <tr>
                <th className={tableStyles.th}>Name</th>
                <th className={tableStyles.th} style={{ textAlign: "right" }}>
                  Units
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="person">
                  <td className={tableStyles.td}>{row.name}</td>
                  <td className={tableStyles.td} style={{ textAlign: "right", fontVariantNumeric: "tabular-nums" }}>
                    {row.units}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>,
      ),
    );
  });

  it("takes whole rows and a hidden header, without a region when not named", () => {
    const html = renderToStaticMarkup(
      <FramedTable headers={["Name", { title: "Actions", hidden: true }]} rows={rows}>
        {(row) => (
          <tr key={row.id}>
            <td>{row.name}</td>
          </tr>
        )}
      </FramedTable>,
    );
    expect(html).toBe(
      renderToStaticMarkup(
        <table className={tableStyles.table}>
          <thead>
            <tr>
              <th className={tableStyles.th}>Name</th>
              <th className={tableStyles.th}>
                <span className={css({ srOnly: true })}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.name}</td>
              </tr>
            ))}
          </tbody>
        </table>,
      ),
    );
  });
});
