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

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const when = "2026-01-01T00:00:00.000Z";

/** What the screens send (src/features): one sample per command. */
const SAMPLES: { [N in CommandName]: CommandVariables<N> } = {
  bulkAllocation: {
    input: { allocationId: id(1), fileName: "a.csv", rows: [{ email: "a@x.test", name: "A", amount: "10" }] },
  },
  bulkCustomers: { input: { fileName: "c.csv", contacts: [{ email: "c@x.test", name: "C" }] } },
  completeChildStep: { input: { blob: { answer: "yes" }, stepId: id(2), parentStepId: id(3) } },
  completeParentStep: { input: { blob: {}, stepId: id(2) } },
  completeStep: { input: { blob: { name: "N" }, stepId: id(2) } },
  createAllocation: {
    input: {
      allocation: { id: id(4), roundId: id(5), name: "Direct", status: "drafted", opensOn: when, closesOn: when },
    },
  },
  createAllocationAnnotation: {
    input: { allocationAnnotation: { id: id(6), allocationId: id(4), annotation: "A note" } },
  },
  createAllocationEmailPreference: {
    input: { allocationEmailPreference: { id: id(7), allocationId: id(4), sendDistribution: true } },
  },
  createAllocationQualification: {
    input: {
      allocationQualification: { id: id(8), allocationId: id(4), vendorQualificationId: id(9), executeOrder: 1 },
    },
  },
  createAsset: {
    input: { asset: { id: id(10), name: "Asset", type: "equity", status: "drafted", authorizedTotal: "1000" } },
  },
  createBrokerAllocation: {
    input: { brokerAllocation: { id: id(11), roundId: id(5), brokerId: id(12), managedUnits: "100" } },
  },
  createDistributionAnnotation: {
    input: { distributionAnnotation: { id: id(13), distributionId: id(14), annotation: "A note" } },
  },
  createDistributionCustomField: {
    input: { distributionCustomField: { id: id(15), distributionId: id(14), name: "Ref", value: "42" } },
  },
  createDistributionPayment: {
    input: {
      distributionPayment: { id: id(16), distributionId: id(14), amount: "100", paidOn: "2026-01-01", status: "paid" },
    },
  },
  createDistributionPrice: { input: { distributionPrice: { id: id(17), distributionId: id(14), price: "1.5" } } },
  createSecurity: {
    input: { security: { id: id(18), name: "Stock", symbol: "STK", total: "1000", unitValue: "1", issuerId: id(19) } },
  },
  createVendorDefaultEmailPreference: {
    input: { vendorDefaultEmailPreference: { id: id(20), accountId: id(19), sendDistribution: false } },
  },
  createVestingSchedule: {
    input: { vestingSchedule: { id: id(21), allocationId: id(4), periods: 12, cliff: 3, duration: "monthly" } },
  },
  deleteAllocationQualificationById: { input: { id: id(8) } },
  deleteDistributionCustomFieldById: { input: { id: id(15) } },
  deleteDistributionPaymentById: { input: { id: id(16) } },
  deleteDistributionQualificationById: { input: { id: id(22) } },
  deleteHoldingDocument: { input: { documentId: id(23) } },
  deleteSecurityDocument: { input: { documentId: id(23) } },
  deployContract: { input: { contractId: id(41) } },
  makeAllocationOfferingLink: { input: { id: id(24), allocationId: id(4), name: "Link", agentEmail: null } },
  makeCustomer: { input: { id: id(25), email: "c@x.test", name: "C" } },
  makeDistribution: {
    input: { id: id(14), allocationId: id(4), accountEmail: "i@x.test", amount: "500", name: null },
  },
  makeDistributionQualifications: { input: { distributionId: id(14), vendorQualificationIds: [id(9)], ids: [id(22)] } },
  makeDividendPayment: { input: { id: id(26), holdingId: id(27), amount: "12.5", paidOn: "2026-01-01" } },
  makeIssuerAccount: { input: { id: id(28), companyName: "Co", companyEmail: "co@x.test" } },
  makeRound: {
    input: { id: id(5), assetId: id(10), name: "Seed", status: "drafted", price: "1", total: "100", opensOn: when },
  },
  makeTaRequestDistributionIssuances: { input: { distributionIds: [id(14)] } },
  makeBlockchainAddress: { input: { chain: "ethereum-ledgerline", address: `0x${"ab".repeat(20)}` } },
  makeToken: {
    input: { roundId: id(3), tokenId: id(42), name: "Seed Token", symbol: "SEED", chain: "ethereum-ledgerline" },
  },
  makeTranche: {
    input: { id: id(29), assetId: id(10), name: "Tranche", price: "100", total: "10", term: "5", coupon: "4.5" },
  },
  swapTokenChain: { input: { tokenId: id(42), chain: "tezos-mainnet" } },
  tokenizeHoldings: { input: { holdingIds: [id(43), id(44)] } },
  updateAccountById: { input: { id: id(45), patch: { url: "https://x.test", supportEmail: "s@x.test" } } },
  updateAddressById: { input: { id: id(46), patch: { lineOne: "1 Main St", city: "Town", postalCode: "12345" } } },
  updateAllocationById: { input: { id: id(4), patch: { name: "Renamed", closesOn: when } } },
  updateAllocationEmailPreferenceById: { input: { id: id(7), patch: { sendDistribution: false } } },
  updateAllocationQualificationById: { input: { id: id(8), patch: { executeOrder: 2 } } },
  updateAssetById: { input: { id: id(10), patch: { name: "Asset 2", authorizedTotal: "2000" } } },
  updateBrokerAllocationById: { input: { id: id(11), patch: { status: "accepted" } } },
  updateCustomerById: { input: { id: id(25), patch: { name: "C 2", status: "inactive" } } },
  updateDistributionById: { input: { id: id(14), patch: { status: "approved" } } },
  updateDistributionCustomFieldById: { input: { id: id(15), patch: { value: "43" } } },
  updateDistributionPaymentById: { input: { id: id(16), patch: { amount: "120", paidOn: "2026-01-02" } } },
  updateDistributionQualificationOrder: { input: { id: id(22), executeOrder: 2 } },
  updateRoundById: { input: { id: id(5), patch: { name: "Seed 2", price: "2" } } },
  updateSecurityById: { input: { id: id(18), patch: { unitValue: "2" } } },
  updateTrancheBondDatumByRoundId: { input: { roundId: id(29), patch: { term: "6", coupon: "5" } } },
  updateVendorDefaultEmailPreferenceById: { input: { id: id(20), patch: { sendDistribution: true } } },
  updateVestingScheduleById: { input: { id: id(21), patch: { periods: 24 } } },
  addMappedSigningTemplateToQualifications: { input: { id: id(70) } },
  createMappedSigningTemplate: { input: { templateId: id(71), name: "Subscription agreement", id: id(70) } },
  createMappedSigningTemplateQuestionSet: {
    input: { mappedSigningTemplateQuestionSet: { mappedSigningTemplateId: id(70), onboardingQuestionSetId: id(72) } },
  },
  createSigningTemplate: { input: { fileKey: id(73), name: "Subscription", id: id(71) } },
  deleteMappedSigningTemplateById: { input: { id: id(70) } },
  deleteMappedSigningTemplateQuestionSetById: { input: { id: id(74) } },
  docusignSyncTemplateList: { input: { accountId: id(75) } },
  updateMappedSigningTemplateById: { input: { id: id(70), patch: { locked: true, qualificationStepType: "inline" } } },
  updateSigningFieldById: { input: { id: id(76), patch: { mapTo: "static", value: "Acme" } } },
  updateSigningRoleById: { input: { id: id(77), patch: { mapTo: "investor" } } },
  confirmPaymentFunds: { input: { id: id(50) } },
  createAccountIntegration: { input: { integrationId: id(51) } },
  createPaymentTrade: { input: { distributionId: id(14), id: id(50) } },
  mapPaymentInstrument: { input: { id: id(52), roundId: id(5) } },
  mapPaymentIssuer: { input: { id: id(53), issuerId: id(54) } },
  northCapitalSync: { input: { id: id(55) } },
  cancelPaymentTrade: { input: { id: id(50) } },
  unwindPaymentTrade: { input: { id: id(50) } },
  createAssetType: { input: { assetType: { type: "real_estate", name: "Real estate", accountingType: "equity" } } },
  createInvestorAccountType: {
    input: { investorAccountType: { type: "Family Office", isIndividual: false, isJoint: false } },
  },
  deleteReferenceType: { input: { kind: "asset_type", key: "real_estate" } },
  makeFormDefinition: {
    input: {
      key: "kyc",
      name: "KYC",
      stepType: "form",
      renderAttributes: { title: "KYC" },
      schema: { title: "KYC", fields: [{ key: "name", displayKey: "Name", type: "text", order: 1 }] },
    },
  },
  updateAssetTypeByType: { input: { type: "equity", patch: { name: "Equity" } } },
  updateDocumentSharingAllowedShareById: { input: { id: id(56), patch: { name: "Investors" } } },
  createOnboardingQuestion: {
    input: {
      onboardingQuestion: {
        id: id(60),
        name: "Accredited",
        description: "Are you accredited?",
        errorMessage: "Answer Yes or No.",
        typeId: id(61),
        options: [],
      },
    },
  },
  createOnboardingQuestionJoin: {
    input: { onboardingQuestionJoin: { id: id(62), questionSetId: id(63), questionId: id(60), executeOrder: 1 } },
  },
  createOnboardingQuestionSet: { input: { onboardingQuestionSet: { id: id(63), name: "Investor questions" } } },
  deleteOnboardingQuestionJoinById: { input: { id: id(62) } },
  updateOnboardingQuestionById: { input: { id: id(60), patch: { description: "Accredited investor?" } } },
  updateOnboardingQuestionSetById: { input: { id: id(63), patch: { locked: true, active: true } } },
  makeDelegate: { input: { email: "d@x.test", firstName: "Dee", lastName: "Lee", role: "account_viewer" } },
  transferOwnership: { input: { email: "d@x.test" } },
  updateUsersAccountById: { input: { id: id(56), patch: { role: "account_admin", status: "suspended" } } },
  resendDelegateInvitation: { input: { id: id(57) } },
  revokeDelegateInvitation: { input: { id: id(57) } },
  setAssetTypeAccountingType: { input: { type: "real_estate", accountingType: "fund" } },
  makeDocumentSharingOption: {
    input: { id: id(58), type: "holding", fromAccountType: "agent", toRole: "broker", name: "Brokers" },
  },
  makeFormQualification: { input: { id: id(59), formKey: "investor-details", formVersion: 1, name: "KYC" } },
  editDocumentSharingOption: {
    input: { id: id(58), type: "holding", fromAccountType: "agent", toRole: "ats", name: "Trading systems" },
  },
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
    });
    expect(commandProblem("makeCustomer", {})?.field).toBe("input");
    expect(commandProblem("makeCustomer", { input: { emial: "x@x.test" } })).toMatchObject({
      field: "input.emial",
      message: expect.stringContaining("is not a field"),
    });
    expect(commandProblem("createAsset", { input: { asset: { name: "A", type: "equity" } } })).toMatchObject({
      field: "input.asset.authorizedTotal",
      message: expect.stringContaining("is required"),
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
    expect(commandProblem("makeDistribution", { input: { amount: "NaN", accountEmail: "not an address" } })).toBeNull();
    expect(commandProblem("makeDistribution", { input: { amount: 500 } })).toBeNull();
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
