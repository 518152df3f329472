// The command catalogue: every command's schema takes what the app sends (one sample per command, shaped like the
// screen's call; the record's type makes a sample compulsory for each command), refuses a wrong shape naming the
// field, names each command's pending effect without any registration, and is generated from the committed
// schema.graphql (inputs.ts is what sync/command-inputs.ts makes of it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateCommandInputs } from "../../../sync/command-inputs.ts";
import {
  assertCommand,
  COMMAND_NAMES,
  COMMANDS,
  type CommandName,
  type CommandVariables,
  commandEffect,
  commandProblem,
  InvalidCommandError,
} from "./catalogue.ts";
import { sampleId } from "./command.ts";
import { DECLARATIONS } from "./declarations.ts";

const id = sampleId;

/** What the screens send (src/features): each declaration's sample. */
const SAMPLES = Object.fromEntries(DECLARATIONS.map((declaration) => [declaration.name, declaration.sample])) as {
  [N in CommandName]: CommandVariables<N>;
};

describe("the command catalogue", () => {
  it("names every command once, each with the schema of its variables", () => {
    expect(new Set(COMMAND_NAMES).size).toBe(COMMAND_NAMES.length);
    expect(Object.keys(COMMANDS).sort()).toEqual([...COMMAND_NAMES].sort());
  });

  it.each(COMMAND_NAMES.map((name) => [name]))("%s takes what the app sends", (name) => {
    expect(commandProblem(name, SAMPLES[name])).toBeNull();
    expect(() => assertCommand(name, SAMPLES[name])).not.toThrow();
  });

  it("refuses a wrong shape, naming the field", () => {
    expect(commandProblem("makeCustomer", { input: { id: id(1), email: 5 } })).toEqual({
      field: "input.email",
      message: "Invalid makeCustomer: input.email must be text.",
      required: false,
    });
    // A required value missing or null (the server answers it with the field's text: sync/graphql/field-messages.ts).
    expect(commandProblem("makeCustomer", { input: { email: null } })).toMatchObject({
      field: "input.email",
      required: true,
    });
    expect(commandProblem("makeCustomer", {})?.field).toBe("input");
    expect(commandProblem("makeCustomer", { input: { email: "x@x.test", emial: "x@x.test" } })).toMatchObject({
      field: "input.emial",
      message: expect.stringContaining("is not a field"),
    });
    expect(commandProblem("createAsset", { input: { asset: { name: "A", type: "equity" } } })).toMatchObject({
      field: "input.asset.authorizedTotal",
      message: expect.stringContaining("is required"),
      required: true,
    });
    expect(
      commandProblem("updateDistributionQualificationOrder", { input: { id: id(1), executeOrder: "2" } })?.field,
    ).toBe("input.executeOrder");
    expect(commandProblem("makeTaRequestDistributionIssuances", { input: { distributionIds: [1] } })?.field).toBe(
      "input.distributionIds.0",
    );
    const error = (() => {
      try {
        assertCommand("updateAssetById", { input: { id: id(1), patch: { name: ["x"] } } });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(InvalidCommandError);
    expect(error).toMatchObject({ code: "LL422", field: "input.patch.name" });
    expect(() => assertCommand("makeCustomr", { input: {} })).toThrow(/Unknown command: makeCustomr/);
  });

  it("does not judge values: bounds and formats are the database's (numbers as text or numbers, any text)", () => {
    const allocationId = id(1);
    expect(
      commandProblem("makeDistribution", { input: { allocationId, amount: "NaN", accountEmail: "not an address" } }),
    ).toBeNull();
    expect(commandProblem("makeDistribution", { input: { allocationId, amount: 500, accountEmail: "" } })).toBeNull();
    expect(commandProblem("createDistributionPayment", SAMPLES.createDistributionPayment)).toBeNull();
    expect(
      commandProblem("createAsset", { input: { asset: { name: "", type: "x", authorizedTotal: "-1e309" } } }),
    ).toBeNull();
  });

  it("names each command's pending effect, with no module to import first", () => {
    expect(commandEffect("makeIssuerAccount", SAMPLES.makeIssuerAccount)).toMatchObject({
      model: "accounts",
      id: id(28),
      kind: "create",
      fields: { name: "Co", type: "issuer", managedPending: true },
    });
    expect(commandEffect("makeTranche", SAMPLES.makeTranche)).toMatchObject({
      model: "rounds",
      kind: "create",
      fields: { trancheBondData: { term: "5", coupon: "4.5" } },
    });
    expect(commandEffect("updateTrancheBondDatumByRoundId", SAMPLES.updateTrancheBondDatumByRoundId)).toEqual({
      model: "rounds",
      id: id(29),
      kind: "update",
      fields: { trancheBondData: { term: "6", coupon: "5" } },
    });
    expect(commandEffect("deleteSecurityDocument", SAMPLES.deleteSecurityDocument)).toMatchObject({
      model: "documents",
      kind: "delete",
    });
    expect(commandEffect("updateAssetById", SAMPLES.updateAssetById)).toMatchObject({
      model: "assets",
      kind: "update",
    });
    expect(commandEffect("bulkCustomers", SAMPLES.bulkCustomers)).toBeNull();
    // a command stored by an older version of the app, outside the catalogue: the CRUD convention
    expect(commandEffect("deleteCustomerById", { input: { id: id(25) } })).toMatchObject({
      model: "customers",
      kind: "delete",
    });
  });

  it("is generated from the committed schema.graphql (run npm run schema after an API change)", () => {
    const committed = readFileSync(new URL("./inputs.ts", import.meta.url), "utf8");
    expect(committed === generateCommandInputs(), "src/domain/commands/inputs.ts is stale: run npm run schema").toBe(
      true,
    );
  });
});
