// Assets, rounds and tranches, securities, their documents and a holding's dividends (features/assets,
// features/rounds, features/securities, features/holdings).
// Each command declared once: name, effect on the device, description, sample (command.ts).

import { command, sampleId as id, SAMPLE_WHEN as when } from "./command.ts";
import { amountText, edit, named, part } from "./describe.ts";
import { deleteDocumentEffect, makeDocumentEffect, makeRoundEffect, updateTrancheEffect } from "./effects.ts";
import { childOf, pendingIn } from "./lists.ts";

export const ASSETS_COMMANDS = [
  command({
    name: "createAsset",
    effect: "convention",
    describe: (input) => named("Add asset", part(input, "asset").name),
    sample: {
      input: { asset: { id: id(10), name: "Asset", type: "equity", status: "drafted", authorizedTotal: "1000" } },
    },
  }),
  command({
    name: "createSecurity",
    effect: "convention",
    describe: (input) => named("Add security", part(input, "security").name),
    sample: {
      input: {
        security: { id: id(18), name: "Stock", symbol: "STK", total: "1000", unitValue: "1", issuerId: id(19) },
      },
    },
  }),
  command({
    name: "makeRound",
    effect: makeRoundEffect(false),
    describe: (input) => named("Create round", input.name),
    sample: {
      input: {
        id: id(5),
        assetId: id(10),
        name: "Seed",
        termsUrl: "https://example.com/terms",
        status: "drafted",
        price: "1",
        total: "100",
        opensOn: when,
        closesOn: when,
      },
    },
  }),
  command({
    name: "makeTranche",
    effect: makeRoundEffect(true),
    describe: (input) => named("Create tranche", input.name),
    sample: {
      input: {
        id: id(29),
        assetId: id(10),
        name: "Tranche",
        termsUrl: "https://example.com/terms",
        status: "drafted",
        price: "100",
        total: "10",
        opensOn: when,
        closesOn: when,
        term: "5",
        coupon: "4.5",
      },
    },
  }),
  command({
    name: "updateAssetById",
    effect: "convention",
    describe: edit("asset", "name"),
    sample: { input: { id: id(10), patch: { name: "Asset 2", authorizedTotal: "2000" } } },
  }),
  command({
    name: "updateRoundById",
    effect: "convention",
    describe: edit("round", "name"),
    sample: { input: { id: id(5), patch: { name: "Seed 2", price: "2" } } },
  }),
  command({
    name: "updateSecurityById",
    effect: "convention",
    describe: edit("security", "name"),
    sample: { input: { id: id(18), patch: { unitValue: "2" } } },
  }),
  command({
    name: "updateTrancheBondDatumByRoundId",
    effect: updateTrancheEffect,
    describe: () => "Edit a tranche's bond terms",
    sample: { input: { roundId: id(29), patch: { term: "6", coupon: "5" } } },
  }),
  command({
    name: "makeSecurityDocument",
    effect: makeDocumentEffect("security"),
    describe: (input) => named("Upload document", input.name),
    sample: {
      input: {
        id: id(23),
        name: "Board minutes",
        securityId: id(18),
        extension: "pdf",
        shareWith: ["investor"],
        fileKey: id(24),
      },
    },
  }),
  command({
    name: "makeHoldingDocument",
    effect: makeDocumentEffect("holding"),
    describe: (input) => named("Upload document", input.name),
    sample: {
      input: {
        id: id(23),
        name: "Statement",
        holdingId: id(19),
        extension: "pdf",
        shareWith: ["investor"],
        fileKey: id(24),
      },
    },
  }),
  command({
    name: "deleteHoldingDocument",
    effect: deleteDocumentEffect,
    describe: () => "Delete a holding document",
    sample: { input: { documentId: id(23) } },
  }),
  command({
    name: "deleteSecurityDocument",
    effect: deleteDocumentEffect,
    describe: () => "Delete a security document",
    sample: { input: { documentId: id(23) } },
  }),
  command({
    name: "makeDividendPayment",
    effect: pendingIn("holding.dividends", "add", childOf(null, "holdingId")),
    describe: (input) => {
      const amount = amountText(input.amount);
      return amount ? `Record a dividend of ${amount}` : "Record a dividend";
    },
    sample: { input: { id: id(26), holdingId: id(27), amount: "12.5", paidOn: "2026-01-01" } },
  }),
] as const;
