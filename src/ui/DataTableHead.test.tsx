// DataTableHead renders the header row the asset and document tables spelled by hand: plain titles, data-numeric
// figures, hidden titles (with a class), and nothing for a column left out.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { css } from "../../styled-system/css";
import { DataTableHead } from "./DataTableHead.tsx";
import { HiddenHeader } from "./HiddenHeader.tsx";

describe("DataTableHead", () => {
  it("renders the headers as the screens wrote them", () => {
    const narrow = css({ w: "10" });
    const html = renderToStaticMarkup(
      <table>
        <DataTableHead
          headers={[
            { title: "Expand", hidden: true, className: narrow },
            "Name",
            { title: "Units", numeric: true },
            false,
            { title: "Actions", hidden: true },
          ]}
        />
      </table>,
    );
    expect(html).toBe(
      renderToStaticMarkup(
        <table>
          <thead>
            <tr>
              <HiddenHeader className={narrow}>Expand</HiddenHeader>
              <th>Name</th>
              <th data-numeric="">Units</th>
              <HiddenHeader>Actions</HiddenHeader>
            </tr>
          </thead>
        </table>,
      ),
    );
  });
});
