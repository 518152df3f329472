import { describe, expect, it } from "vitest";
import { fastChangesSelection, mergedDocuments } from "../../sync/http/change-fanout.ts";

describe("the subscriptions the fan-out serves", () => {
  it("takes the app's subscription and any plain choice of the event's fields", () => {
    expect(fastChangesSelection("subscription changes { changes { table n documents } }", undefined, {})).toEqual([
      "table",
      "n",
      "documents",
    ]);
    expect(fastChangesSelection("subscription { changes { table id __typename } }", null, undefined)).toEqual([
      "table",
      "id",
      "__typename",
    ]);
    expect(fastChangesSelection("subscription changes { changes { table } }", "changes", null)).toEqual(["table"]);
  });

  it("leaves every other shape to GraphQL", () => {
    for (const query of [
      "subscription { c: changes { table } }",
      "subscription { changes { t: table } }",
      "subscription { changes { ...f } } fragment f on TableChange { table }",
      "subscription { changes { table @include(if: true) } }",
      "subscription($x: Boolean) { changes { table } }",
      "subscription { changes { table } } subscription b { changes { n } }",
      "query { changes { table } }",
      "subscription { changes { table nope } }",
      "subscription { changes }",
      "subscription { changes { table",
    ])
      expect(fastChangesSelection(query, undefined, undefined), query).toBeNull();
    expect(fastChangesSelection("subscription a { changes { table } }", "b", undefined)).toBeNull();
    expect(fastChangesSelection("subscription { changes { table } }", undefined, { x: 1 })).toBeNull();
    expect(fastChangesSelection(42, undefined, undefined)).toBeNull();
  });
});

describe("events of one table merged for a burst", () => {
  it("keeps each id once, at its last version and place, and makes a failed build a notice", () => {
    const merged = mergedDocuments([
      '[{"id": "a", "v": 1}, {"id": "b", "v": 1}]',
      '[{"id": "c", "v": 1}]',
      '[{"id": "a", "v": 2}, {"id": "b", "_deleted": true}]',
    ]);
    expect(JSON.parse(merged!)).toEqual([
      { id: "c", v: 1 },
      { id: "a", v: 2 },
      { id: "b", _deleted: true },
    ]);
    expect(mergedDocuments(['[{"id": "a"}]', null])).toBeNull();
  });
});
