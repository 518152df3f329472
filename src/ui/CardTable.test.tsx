// CardTable renders the markup the screens spelled by hand: the muted empty text, or the table with its headers
// (text, `num`, a hidden title, a class, a control) and a row per record, in a ScrollRegion or a plain scrolling box.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { css } from "../../styled-system/css";
import { CardTable } from "./CardTable.tsx";
import { HiddenHeader } from "./HiddenHeader.tsx";
import { ScrollRegion } from "./ScrollRegion.tsx";
import { mutedText, tableClass, tableScroll } from "./table.ts";

const rows = [
  { id: "a", name: "Avery", units: "10" },
  { id: "b", name: "Noor", units: "20" },
];
const row = (r: (typeof rows)[number]) => (
  <tr key={r.id}>
    <td>{r.name}</td>
    <td className="num">{r.units}</td>
  </tr>
);

describe("CardTable", () => {
  it("shows the muted empty text when there is no row", () => {
    const html = renderToStaticMarkup(
      <CardTable rows={[]} empty="None yet" headers={["Name"]}>
        {row}
      </CardTable>,
    );
    expect(html).toBe(renderToStaticMarkup(<p className={mutedText}>None yet</p>));
  });

  it("renders the headers and rows in a plain scrolling box", () => {
    const narrow = css({ display: { base: "none", sm: "table-cell" } });
    const html = renderToStaticMarkup(
      <CardTable
        rows={rows}
        empty="None yet"
        testId="people"
        headers={["Name", { title: "Units", num: true }, { title: "Type", className: narrow }, false]}
      >
        {row}
      </CardTable>,
    );
    expect(html).toBe(
      renderToStaticMarkup(
        <div className={tableScroll}>
          <table className={tableClass} data-testid="people">
            <thead>
              <tr>
                <th>Name</th>
                <th className="num">Units</th>
                <th className={narrow}>Type</th>
              </tr>
            </thead>
            <tbody>{rows.map(row)}</tbody>
          </table>
        </div>,
      ),
    );
  });

  it("scrolls in a named region, with a hidden title and a control in the headers", () => {
    const html = renderToStaticMarkup(
      <CardTable
        rows={rows}
        label="People"
        tableLabel="People table"
        headers={[
          { title: <button type="button">Name ↓</button> },
          { title: "Units", num: true },
          { title: "Actions", hidden: true },
        ]}
      >
        {row}
      </CardTable>,
    );
    expect(html).toBe(
      renderToStaticMarkup(
        <ScrollRegion label="People">
          <table className={tableClass} aria-label="People table">
            <thead>
              <tr>
                <th>
                  <button type="button">Name ↓</button>
                </th>
                <th className="num">Units</th>
                <HiddenHeader>Actions</HiddenHeader>
              </tr>
            </thead>
            <tbody>{rows.map(row)}</tbody>
          </table>
        </ScrollRegion>,
      ),
    );
  });
});
