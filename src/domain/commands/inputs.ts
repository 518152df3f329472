// Generated from schema.graphql by sync/command-inputs.ts (`npm run schema`): do not edit. The schema of each
// declared command's variables (src/domain/commands/declarations.ts, joined in catalogue.ts).
import * as v from "valibot";
import { SCALARS as S } from "./scalars.ts";

const AddMappedSigningTemplateToQualificationsInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of AddMappedSigningTemplateToQualificationsInput",
);
const ApproveTransferInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    transferId: S.UUID,
  },
  "must be an object with the fields of ApproveTransferInput",
);
const AllocationRowInput = v.strictObject(
  {
    amount: v.nullish(S.String),
    email: v.nullish(S.String),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
    row: v.nullish(S.Int),
  },
  "must be an object with the fields of AllocationRowInput",
);
const BulkAllocationInput = v.strictObject(
  {
    allocationId: S.UUID,
    clientMutationId: v.nullish(S.String),
    fileName: S.String,
    rows: v.array(v.nullish(AllocationRowInput), "must be a list"),
  },
  "must be an object with the fields of BulkAllocationInput",
);
const BulkCustomersInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    contacts: v.nullish(S.JSON),
    fileName: v.nullish(S.String),
  },
  "must be an object with the fields of BulkCustomersInput",
);
const CancelPaymentTradeInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of CancelPaymentTradeInput",
);
const CancelTransferInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    transferId: S.UUID,
  },
  "must be an object with the fields of CancelTransferInput",
);
const CompleteChildStepInput = v.strictObject(
  {
    blob: S.JSON,
    clientMutationId: v.nullish(S.String),
    parentStepId: S.UUID,
    stepId: S.UUID,
  },
  "must be an object with the fields of CompleteChildStepInput",
);
const CompleteParentStepInput = v.strictObject(
  {
    blob: S.JSON,
    clientMutationId: v.nullish(S.String),
    stepId: S.UUID,
  },
  "must be an object with the fields of CompleteParentStepInput",
);
const CompleteStepInput = v.strictObject(
  {
    blob: S.JSON,
    clientMutationId: v.nullish(S.String),
    stepId: S.UUID,
  },
  "must be an object with the fields of CompleteStepInput",
);
const CompleteStepInPersonInput = v.strictObject(
  {
    blob: S.JSON,
    clientMutationId: v.nullish(S.String),
    doneAtDevice: S.Datetime,
    parentOnly: v.nullish(S.Boolean),
    parentStepId: v.nullish(S.UUID),
    sessionId: S.UUID,
    stepId: S.UUID,
  },
  "must be an object with the fields of CompleteStepInPersonInput",
);
const ConfirmPaymentFundsInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of ConfirmPaymentFundsInput",
);
const ConvertRoundInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    conversionPrice: v.nullish(S.BigFloat),
    conversionRatio: v.nullish(S.BigFloat),
    id: v.nullish(S.UUID),
    roundId: S.UUID,
    toRoundId: S.UUID,
  },
  "must be an object with the fields of ConvertRoundInput",
);
const CreateAccountIntegrationInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    integrationId: S.UUID,
  },
  "must be an object with the fields of CreateAccountIntegrationInput",
);
const AllocationInput = v.strictObject(
  {
    blockchainAddressId: v.nullish(S.UUID),
    closesOn: S.Datetime,
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    name: S.String,
    opensOn: S.Datetime,
    ownerId: v.nullish(S.UUID),
    roundId: S.UUID,
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AllocationInput",
);
const CreateAllocationInput = v.strictObject(
  {
    allocation: AllocationInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateAllocationInput",
);
const AllocationAnnotationInput = v.strictObject(
  {
    allocationId: S.UUID,
    annotation: S.String,
    authorId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AllocationAnnotationInput",
);
const CreateAllocationAnnotationInput = v.strictObject(
  {
    allocationAnnotation: AllocationAnnotationInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateAllocationAnnotationInput",
);
const AllocationEmailPreferenceInput = v.strictObject(
  {
    allocationId: S.UUID,
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    sendDistribution: v.nullish(S.Boolean),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AllocationEmailPreferenceInput",
);
const CreateAllocationEmailPreferenceInput = v.strictObject(
  {
    allocationEmailPreference: AllocationEmailPreferenceInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateAllocationEmailPreferenceInput",
);
const AllocationQualificationInput = v.strictObject(
  {
    allocationId: S.UUID,
    createdOn: v.nullish(S.Datetime),
    executeOrder: v.nullish(S.Int),
    id: v.nullish(S.UUID),
    updatedOn: v.nullish(S.Datetime),
    vendorQualificationId: S.UUID,
  },
  "must be an object with the fields of AllocationQualificationInput",
);
const CreateAllocationQualificationInput = v.strictObject(
  {
    allocationQualification: AllocationQualificationInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateAllocationQualificationInput",
);
const AssetInput = v.strictObject(
  {
    authorizedTotal: S.BigFloat,
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    issuerId: v.nullish(S.UUID),
    name: S.String,
    status: v.nullish(S.String),
    type: S.String,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AssetInput",
);
const CreateAssetInput = v.strictObject(
  {
    asset: AssetInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateAssetInput",
);
const AssetTypeInput = v.strictObject(
  {
    accountingType: S.String,
    createdOn: v.nullish(S.Datetime),
    name: S.String,
    type: S.String,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AssetTypeInput",
);
const CreateAssetTypeInput = v.strictObject(
  {
    assetType: AssetTypeInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateAssetTypeInput",
);
const BrokerAllocationInput = v.strictObject(
  {
    brokerId: S.UUID,
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    managedUnits: v.nullish(S.BigFloat),
    name: v.nullish(S.String),
    roundId: S.UUID,
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of BrokerAllocationInput",
);
const CreateBrokerAllocationInput = v.strictObject(
  {
    brokerAllocation: BrokerAllocationInput,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of CreateBrokerAllocationInput",
);
const DistributionAnnotationInput = v.strictObject(
  {
    annotation: S.String,
    authorId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    distributionId: S.UUID,
    id: v.nullish(S.UUID),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of DistributionAnnotationInput",
);
const CreateDistributionAnnotationInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionAnnotation: DistributionAnnotationInput,
  },
  "must be an object with the fields of CreateDistributionAnnotationInput",
);
const DistributionCustomFieldInput = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    distributionId: S.UUID,
    id: v.nullish(S.UUID),
    name: S.String,
    updatedOn: v.nullish(S.Datetime),
    value: S.String,
  },
  "must be an object with the fields of DistributionCustomFieldInput",
);
const CreateDistributionCustomFieldInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionCustomField: DistributionCustomFieldInput,
  },
  "must be an object with the fields of CreateDistributionCustomFieldInput",
);
const DistributionPaymentInput = v.strictObject(
  {
    amount: S.BigFloat,
    createdOn: v.nullish(S.Datetime),
    currencyId: v.nullish(S.Int),
    distributionId: S.UUID,
    id: v.nullish(S.UUID),
    paidOn: S.Datetime,
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of DistributionPaymentInput",
);
const CreateDistributionPaymentInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionPayment: DistributionPaymentInput,
  },
  "must be an object with the fields of CreateDistributionPaymentInput",
);
const DistributionPriceInput = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    currency: v.nullish(S.Int),
    currencyId: v.nullish(S.Int),
    distributionId: S.UUID,
    id: v.nullish(S.UUID),
    isPurchase: v.nullish(S.Boolean),
    price: S.BigFloat,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of DistributionPriceInput",
);
const CreateDistributionPriceInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionPrice: DistributionPriceInput,
  },
  "must be an object with the fields of CreateDistributionPriceInput",
);
const InvestorAccountTypeInput = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    isIndividual: v.nullish(S.Boolean),
    isJoint: v.nullish(S.Boolean),
    type: S.String,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of InvestorAccountTypeInput",
);
const CreateInvestorAccountTypeInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    investorAccountType: InvestorAccountTypeInput,
  },
  "must be an object with the fields of CreateInvestorAccountTypeInput",
);
const CreateMappedSigningTemplateInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: v.nullish(S.UUID),
    name: S.String,
    templateId: S.UUID,
  },
  "must be an object with the fields of CreateMappedSigningTemplateInput",
);
const MappedSigningTemplateQuestionSetInput = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    executeOrder: v.nullish(S.Int),
    id: v.nullish(S.UUID),
    mappedSigningTemplateId: S.UUID,
    onboardingQuestionSetId: S.UUID,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of MappedSigningTemplateQuestionSetInput",
);
const CreateMappedSigningTemplateQuestionSetInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    mappedSigningTemplateQuestionSet: MappedSigningTemplateQuestionSetInput,
  },
  "must be an object with the fields of CreateMappedSigningTemplateQuestionSetInput",
);
const OnboardingQuestionInput = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    description: S.String,
    errorMessage: S.String,
    id: v.nullish(S.UUID),
    name: S.String,
    options: v.nullish(S.JSON),
    typeId: S.UUID,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of OnboardingQuestionInput",
);
const CreateOnboardingQuestionInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    onboardingQuestion: OnboardingQuestionInput,
  },
  "must be an object with the fields of CreateOnboardingQuestionInput",
);
const OnboardingQuestionJoinInput = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    executeOrder: v.nullish(S.Int),
    id: v.nullish(S.UUID),
    questionId: S.UUID,
    questionSetId: S.UUID,
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of OnboardingQuestionJoinInput",
);
const CreateOnboardingQuestionJoinInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    onboardingQuestionJoin: OnboardingQuestionJoinInput,
  },
  "must be an object with the fields of CreateOnboardingQuestionJoinInput",
);
const OnboardingQuestionSetInput = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    active: v.nullish(S.Boolean),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    locked: v.nullish(S.Boolean),
    name: S.String,
    updatedOn: v.nullish(S.Datetime),
    vendorQualificationId: v.nullish(S.UUID),
  },
  "must be an object with the fields of OnboardingQuestionSetInput",
);
const CreateOnboardingQuestionSetInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    onboardingQuestionSet: OnboardingQuestionSetInput,
  },
  "must be an object with the fields of CreateOnboardingQuestionSetInput",
);
const CreatePaymentTradeInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionId: S.UUID,
    id: v.nullish(S.UUID),
  },
  "must be an object with the fields of CreatePaymentTradeInput",
);
const SecurityInput = v.strictObject(
  {
    blockchainAddressId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    issuerId: v.nullish(S.UUID),
    name: S.String,
    symbol: v.nullish(S.String),
    ticker: v.nullish(S.String),
    total: S.BigFloat,
    unitValue: v.nullish(S.BigFloat),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of SecurityInput",
);
const CreateSecurityInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    security: SecurityInput,
  },
  "must be an object with the fields of CreateSecurityInput",
);
const CreateSigningTemplateInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    description: v.nullish(S.String),
    fileKey: S.UUID,
    id: v.nullish(S.UUID),
    name: S.String,
  },
  "must be an object with the fields of CreateSigningTemplateInput",
);
const VendorDefaultEmailPreferenceInput = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    sendDistribution: v.nullish(S.Boolean),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of VendorDefaultEmailPreferenceInput",
);
const CreateVendorDefaultEmailPreferenceInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    vendorDefaultEmailPreference: VendorDefaultEmailPreferenceInput,
  },
  "must be an object with the fields of CreateVendorDefaultEmailPreferenceInput",
);
const VestingScheduleInput = v.strictObject(
  {
    allocationId: v.nullish(S.UUID),
    automatic: v.nullish(S.Boolean),
    cliff: v.nullish(S.Int),
    createdOn: v.nullish(S.Datetime),
    distributionId: v.nullish(S.UUID),
    duration: v.nullish(S.String),
    id: v.nullish(S.UUID),
    periods: S.Int,
    startsOn: v.nullish(S.Datetime),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of VestingScheduleInput",
);
const CreateVestingScheduleInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    vestingSchedule: VestingScheduleInput,
  },
  "must be an object with the fields of CreateVestingScheduleInput",
);
const DeleteAllocationQualificationByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteAllocationQualificationByIdInput",
);
const DeleteDistributionByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteDistributionByIdInput",
);
const DeleteDistributionCustomFieldByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteDistributionCustomFieldByIdInput",
);
const DeleteDistributionPaymentByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteDistributionPaymentByIdInput",
);
const DeleteDistributionQualificationByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteDistributionQualificationByIdInput",
);
const DeleteHoldingDocumentInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    documentId: S.UUID,
  },
  "must be an object with the fields of DeleteHoldingDocumentInput",
);
const DeleteMappedSigningTemplateByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteMappedSigningTemplateByIdInput",
);
const DeleteMappedSigningTemplateQuestionSetByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteMappedSigningTemplateQuestionSetByIdInput",
);
const DeleteOnboardingQuestionJoinByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of DeleteOnboardingQuestionJoinByIdInput",
);
const DeleteReferenceTypeInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    key: S.String,
    kind: S.String,
  },
  "must be an object with the fields of DeleteReferenceTypeInput",
);
const DeleteSecurityDocumentInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    documentId: S.UUID,
  },
  "must be an object with the fields of DeleteSecurityDocumentInput",
);
const DeployContractInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    contractId: S.UUID,
  },
  "must be an object with the fields of DeployContractInput",
);
const DocusignSyncTemplateListInput = v.strictObject(
  {
    accountId: S.UUID,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of DocusignSyncTemplateListInput",
);
const EditDocumentSharingOptionInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    fromAccountType: S.String,
    id: S.UUID,
    name: S.String,
    toRole: S.String,
    type: S.String,
  },
  "must be an object with the fields of EditDocumentSharingOptionInput",
);
const EndInPersonSessionInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    endedAtDevice: S.Datetime,
    id: S.UUID,
  },
  "must be an object with the fields of EndInPersonSessionInput",
);
const MakeAllocationOfferingLinkInput = v.strictObject(
  {
    agentEmail: v.nullish(S.String),
    agentId: v.nullish(S.UUID),
    allocationId: S.UUID,
    clientMutationId: v.nullish(S.String),
    id: v.nullish(S.UUID),
    name: S.String,
  },
  "must be an object with the fields of MakeAllocationOfferingLinkInput",
);
const MakeBlockchainAddressInput = v.strictObject(
  {
    address: S.String,
    chain: S.String,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of MakeBlockchainAddressInput",
);
const MakeCustomerInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    email: S.String,
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
  },
  "must be an object with the fields of MakeCustomerInput",
);
const MakeDelegateInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    email: S.String,
    firstName: S.String,
    lastName: S.String,
    role: S.String,
  },
  "must be an object with the fields of MakeDelegateInput",
);
const MakeDistributionInput = v.strictObject(
  {
    accountEmail: S.String,
    allocationId: S.UUID,
    amount: S.BigFloat,
    clientMutationId: v.nullish(S.String),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
  },
  "must be an object with the fields of MakeDistributionInput",
);
const MakeDistributionQualificationsInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionId: S.UUID,
    ids: v.nullish(v.array(v.nullish(S.UUID), "must be a list")),
    vendorQualificationIds: v.array(v.nullish(S.UUID), "must be a list"),
  },
  "must be an object with the fields of MakeDistributionQualificationsInput",
);
const MakeDividendPaymentInput = v.strictObject(
  {
    amount: S.BigFloat,
    clientMutationId: v.nullish(S.String),
    holdingId: S.UUID,
    id: v.nullish(S.UUID),
    paidOn: v.nullish(S.Date),
  },
  "must be an object with the fields of MakeDividendPaymentInput",
);
const MakeDocumentSharingOptionInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    fromAccountType: S.String,
    id: v.nullish(S.UUID),
    name: S.String,
    toRole: S.String,
    type: S.String,
  },
  "must be an object with the fields of MakeDocumentSharingOptionInput",
);
const MakeFormDefinitionInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: v.nullish(S.UUID),
    key: S.String,
    name: S.String,
    renderAttributes: v.nullish(S.JSON),
    schema: S.JSON,
    stepType: S.String,
  },
  "must be an object with the fields of MakeFormDefinitionInput",
);
const MakeFormQualificationInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    formKey: S.String,
    formVersion: v.nullish(S.Int),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
  },
  "must be an object with the fields of MakeFormQualificationInput",
);
const MakeHoldingDocumentInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    extension: S.String,
    fileKey: v.nullish(S.UUID),
    holdingId: S.UUID,
    id: v.nullish(S.UUID),
    name: S.String,
    shareWith: v.nullish(v.array(v.nullish(S.String), "must be a list")),
  },
  "must be an object with the fields of MakeHoldingDocumentInput",
);
const MakeIssuerAccountInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    companyEmail: S.String,
    companyName: S.String,
    id: v.nullish(S.UUID),
  },
  "must be an object with the fields of MakeIssuerAccountInput",
);
const MakeRoundInput = v.strictObject(
  {
    assetId: S.UUID,
    clientMutationId: v.nullish(S.String),
    closesOn: S.Datetime,
    id: v.nullish(S.UUID),
    name: S.String,
    opensOn: S.Datetime,
    price: S.BigFloat,
    status: S.String,
    termsUrl: S.String,
    total: S.BigFloat,
  },
  "must be an object with the fields of MakeRoundInput",
);
const MakeSecurityDocumentInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    extension: S.String,
    fileKey: v.nullish(S.UUID),
    id: v.nullish(S.UUID),
    name: S.String,
    securityId: S.UUID,
    shareWith: v.nullish(v.array(v.nullish(S.String), "must be a list")),
  },
  "must be an object with the fields of MakeSecurityDocumentInput",
);
const MakeTaRequestDistributionIssuancesInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    distributionIds: v.array(v.nullish(S.UUID), "must be a list"),
  },
  "must be an object with the fields of MakeTaRequestDistributionIssuancesInput",
);
const MakeTokenInput = v.strictObject(
  {
    chain: S.String,
    clientMutationId: v.nullish(S.String),
    contractAddressId: v.nullish(S.UUID),
    name: S.String,
    roundId: v.nullish(S.UUID),
    symbol: S.String,
    tokenId: v.nullish(S.UUID),
  },
  "must be an object with the fields of MakeTokenInput",
);
const MakeTrancheInput = v.strictObject(
  {
    assetId: S.UUID,
    clientMutationId: v.nullish(S.String),
    closesOn: S.Datetime,
    coupon: S.BigFloat,
    id: v.nullish(S.UUID),
    name: S.String,
    opensOn: S.Datetime,
    price: S.BigFloat,
    status: S.String,
    term: S.BigFloat,
    termsUrl: S.String,
    total: S.BigFloat,
  },
  "must be an object with the fields of MakeTrancheInput",
);
const MapPaymentInstrumentInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    roundId: v.nullish(S.UUID),
  },
  "must be an object with the fields of MapPaymentInstrumentInput",
);
const MapPaymentIssuerInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    issuerId: v.nullish(S.UUID),
  },
  "must be an object with the fields of MapPaymentIssuerInput",
);
const NameTransferAgentInput = v.strictObject(
  {
    agentId: v.nullish(S.UUID),
    clientMutationId: v.nullish(S.String),
    securityId: S.UUID,
  },
  "must be an object with the fields of NameTransferAgentInput",
);
const NorthCapitalSyncInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of NorthCapitalSyncInput",
);
const RedemptionLineInput = v.strictObject(
  {
    holdingId: v.nullish(S.UUID),
    units: v.nullish(S.BigFloat),
  },
  "must be an object with the fields of RedemptionLineInput",
);
const RedeemUnitsInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: v.nullish(S.UUID),
    lines: v.array(v.nullish(RedemptionLineInput), "must be a list"),
    pricePerUnit: S.BigFloat,
    securityId: S.UUID,
  },
  "must be an object with the fields of RedeemUnitsInput",
);
const RejectTransferInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    reason: S.String,
    transferId: S.UUID,
  },
  "must be an object with the fields of RejectTransferInput",
);
const RequestTransferInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    documentKeys: v.nullish(v.array(v.nullish(S.UUID), "must be a list")),
    holdingId: S.UUID,
    id: v.nullish(S.UUID),
    pricePerUnit: v.nullish(S.BigFloat),
    reason: S.String,
    transfereeEmail: v.nullish(S.String),
    transfereeId: v.nullish(S.UUID),
    units: S.BigFloat,
  },
  "must be an object with the fields of RequestTransferInput",
);
const ResendDelegateInvitationInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of ResendDelegateInvitationInput",
);
const RetryCorporateActionOnChainInput = v.strictObject(
  {
    actionId: S.UUID,
    clientMutationId: v.nullish(S.String),
  },
  "must be an object with the fields of RetryCorporateActionOnChainInput",
);
const RetryTransferOnChainInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    transferId: S.UUID,
  },
  "must be an object with the fields of RetryTransferOnChainInput",
);
const ReviewAccreditationInput = v.strictObject(
  {
    accreditationId: S.UUID,
    approve: S.Boolean,
    clientMutationId: v.nullish(S.String),
    reason: v.nullish(S.String),
  },
  "must be an object with the fields of ReviewAccreditationInput",
);
const RevokeDelegateInvitationInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of RevokeDelegateInvitationInput",
);
const SetAccountLogoInput = v.strictObject(
  {
    accountId: S.UUID,
    clientMutationId: v.nullish(S.String),
    fileKey: v.nullish(S.UUID),
    fileName: v.nullish(S.String),
  },
  "must be an object with the fields of SetAccountLogoInput",
);
const SetAccountLogoLinkInput = v.strictObject(
  {
    accountId: S.UUID,
    clientMutationId: v.nullish(S.String),
    link: S.String,
  },
  "must be an object with the fields of SetAccountLogoLinkInput",
);
const SetAccreditationValidityInput = v.strictObject(
  {
    accountId: S.UUID,
    clientMutationId: v.nullish(S.String),
    validDays: S.Int,
  },
  "must be an object with the fields of SetAccreditationValidityInput",
);
const SetAssetTypeAccountingTypeInput = v.strictObject(
  {
    accountingType: S.String,
    clientMutationId: v.nullish(S.String),
    type: S.String,
  },
  "must be an object with the fields of SetAssetTypeAccountingTypeInput",
);
const SetTransferRulesInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    firstRefusalDays: v.nullish(S.Int),
    lockupEndsOn: v.nullish(S.Date),
    minimumHoldingDays: v.nullish(S.Int),
    securityId: S.UUID,
    transfereeQualificationRequired: v.nullish(S.Boolean),
  },
  "must be an object with the fields of SetTransferRulesInput",
);
const SetupAccountInPersonInput = v.strictObject(
  {
    accountName: v.nullish(S.String),
    addresses: S.JSON,
    attestation: S.Boolean,
    clientMutationId: v.nullish(S.String),
    doneAtDevice: S.Datetime,
    formationDate: v.nullish(S.Datetime),
    parties: S.JSON,
    phone: v.nullish(S.String),
    sessionId: S.UUID,
    taxId: S.String,
    type: S.String,
  },
  "must be an object with the fields of SetupAccountInPersonInput",
);
const SignStepOfflineInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    consent: S.Boolean,
    fieldValues: S.JSON,
    fingerprint: S.String,
    sessionId: v.nullish(S.UUID),
    signedAtDevice: S.Datetime,
    stepId: S.UUID,
    templateHash: S.String,
    typedName: S.String,
  },
  "must be an object with the fields of SignStepOfflineInput",
);
const SplitSecurityInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: v.nullish(S.UUID),
    pricePerUnit: S.BigFloat,
    ratioNew: S.Int,
    ratioOld: S.Int,
    securityId: S.UUID,
  },
  "must be an object with the fields of SplitSecurityInput",
);
const StartInPersonSessionInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    deviceLabel: v.nullish(S.String),
    distributionId: S.UUID,
    id: S.UUID,
    startedAtDevice: S.Datetime,
  },
  "must be an object with the fields of StartInPersonSessionInput",
);
const SubmitAccreditationInput = v.strictObject(
  {
    accreditationId: S.UUID,
    clientMutationId: v.nullish(S.String),
    doneAtDevice: v.nullish(S.Datetime),
    evidenceKeys: v.nullish(v.array(v.nullish(S.UUID), "must be a list")),
    evidenceNames: v.nullish(v.array(v.nullish(S.String), "must be a list")),
    method: S.String,
    sessionId: v.nullish(S.UUID),
    stepId: S.UUID,
  },
  "must be an object with the fields of SubmitAccreditationInput",
);
const SwapTokenChainInput = v.strictObject(
  {
    chain: S.String,
    clientMutationId: v.nullish(S.String),
    tokenId: S.UUID,
  },
  "must be an object with the fields of SwapTokenChainInput",
);
const TokenizeHoldingsInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    holdingIds: v.array(v.nullish(S.UUID), "must be a list"),
  },
  "must be an object with the fields of TokenizeHoldingsInput",
);
const TransferOwnershipInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    email: S.String,
  },
  "must be an object with the fields of TransferOwnershipInput",
);
const UnwindPaymentTradeInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
  },
  "must be an object with the fields of UnwindPaymentTradeInput",
);
const AccountPatch = v.strictObject(
  {
    company: v.nullish(S.String),
    contactName: v.nullish(S.String),
    createdOn: v.nullish(S.Datetime),
    dateOfBirth: v.nullish(S.Date),
    email: v.nullish(S.String),
    formationDate: v.nullish(S.Date),
    id: v.nullish(S.UUID),
    investorType: v.nullish(S.String),
    jurisdictionId: v.nullish(S.Int),
    name: v.nullish(S.String),
    setup: v.nullish(S.Boolean),
    slug: v.nullish(S.String),
    supportEmail: v.nullish(S.String),
    taxShort: v.nullish(S.String),
    twitterHandle: v.nullish(S.String),
    type: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
    url: v.nullish(S.String),
  },
  "must be an object with the fields of AccountPatch",
);
const UpdateAccountByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: AccountPatch,
  },
  "must be an object with the fields of UpdateAccountByIdInput",
);
const AddressPatch = v.strictObject(
  {
    city: v.nullish(S.String),
    countryId: v.nullish(S.Int),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    lineFour: v.nullish(S.String),
    lineOne: v.nullish(S.String),
    lineThree: v.nullish(S.String),
    lineTwo: v.nullish(S.String),
    postalCode: v.nullish(S.String),
    province: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AddressPatch",
);
const UpdateAddressByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: AddressPatch,
  },
  "must be an object with the fields of UpdateAddressByIdInput",
);
const AllocationPatch = v.strictObject(
  {
    blockchainAddressId: v.nullish(S.UUID),
    closesOn: v.nullish(S.Datetime),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
    opensOn: v.nullish(S.Datetime),
    ownerId: v.nullish(S.UUID),
    roundId: v.nullish(S.UUID),
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AllocationPatch",
);
const UpdateAllocationByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: AllocationPatch,
  },
  "must be an object with the fields of UpdateAllocationByIdInput",
);
const AllocationEmailPreferencePatch = v.strictObject(
  {
    allocationId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    sendDistribution: v.nullish(S.Boolean),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AllocationEmailPreferencePatch",
);
const UpdateAllocationEmailPreferenceByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: AllocationEmailPreferencePatch,
  },
  "must be an object with the fields of UpdateAllocationEmailPreferenceByIdInput",
);
const AllocationQualificationPatch = v.strictObject(
  {
    allocationId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    executeOrder: v.nullish(S.Int),
    id: v.nullish(S.UUID),
    updatedOn: v.nullish(S.Datetime),
    vendorQualificationId: v.nullish(S.UUID),
  },
  "must be an object with the fields of AllocationQualificationPatch",
);
const UpdateAllocationQualificationByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: AllocationQualificationPatch,
  },
  "must be an object with the fields of UpdateAllocationQualificationByIdInput",
);
const AssetPatch = v.strictObject(
  {
    authorizedTotal: v.nullish(S.BigFloat),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    issuerId: v.nullish(S.UUID),
    name: v.nullish(S.String),
    status: v.nullish(S.String),
    type: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AssetPatch",
);
const UpdateAssetByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: AssetPatch,
  },
  "must be an object with the fields of UpdateAssetByIdInput",
);
const AssetTypePatch = v.strictObject(
  {
    accountingType: v.nullish(S.String),
    createdOn: v.nullish(S.Datetime),
    name: v.nullish(S.String),
    type: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of AssetTypePatch",
);
const UpdateAssetTypeByTypeInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    patch: AssetTypePatch,
    type: S.String,
  },
  "must be an object with the fields of UpdateAssetTypeByTypeInput",
);
const BrokerAllocationPatch = v.strictObject(
  {
    brokerId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    managedUnits: v.nullish(S.BigFloat),
    name: v.nullish(S.String),
    roundId: v.nullish(S.UUID),
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of BrokerAllocationPatch",
);
const UpdateBrokerAllocationByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: BrokerAllocationPatch,
  },
  "must be an object with the fields of UpdateBrokerAllocationByIdInput",
);
const CustomerPatch = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    email: v.nullish(S.String),
    id: v.nullish(S.UUID),
    investorId: v.nullish(S.UUID),
    name: v.nullish(S.String),
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of CustomerPatch",
);
const UpdateCustomerByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: CustomerPatch,
  },
  "must be an object with the fields of UpdateCustomerByIdInput",
);
const DistributionPatch = v.strictObject(
  {
    allocationId: v.nullish(S.UUID),
    amount: v.nullish(S.BigFloat),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    investorId: v.nullish(S.UUID),
    issuanceStatus: v.nullish(S.String),
    locked: v.nullish(S.Boolean),
    name: v.nullish(S.String),
    purchasePrice: v.nullish(S.BigFloat),
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of DistributionPatch",
);
const UpdateDistributionByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: DistributionPatch,
  },
  "must be an object with the fields of UpdateDistributionByIdInput",
);
const DistributionCustomFieldPatch = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    distributionId: v.nullish(S.UUID),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
    value: v.nullish(S.String),
  },
  "must be an object with the fields of DistributionCustomFieldPatch",
);
const UpdateDistributionCustomFieldByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: DistributionCustomFieldPatch,
  },
  "must be an object with the fields of UpdateDistributionCustomFieldByIdInput",
);
const DistributionPaymentPatch = v.strictObject(
  {
    amount: v.nullish(S.BigFloat),
    createdOn: v.nullish(S.Datetime),
    currencyId: v.nullish(S.Int),
    distributionId: v.nullish(S.UUID),
    id: v.nullish(S.UUID),
    paidOn: v.nullish(S.Datetime),
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of DistributionPaymentPatch",
);
const UpdateDistributionPaymentByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: DistributionPaymentPatch,
  },
  "must be an object with the fields of UpdateDistributionPaymentByIdInput",
);
const UpdateDistributionQualificationOrderInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    executeOrder: S.Int,
    id: S.UUID,
  },
  "must be an object with the fields of UpdateDistributionQualificationOrderInput",
);
const DocumentSharingAllowedSharePatch = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    fromAccountType: v.nullish(S.String),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
    toRole: v.nullish(S.String),
    type: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of DocumentSharingAllowedSharePatch",
);
const UpdateDocumentSharingAllowedShareByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: DocumentSharingAllowedSharePatch,
  },
  "must be an object with the fields of UpdateDocumentSharingAllowedShareByIdInput",
);
const MappedSigningTemplatePatch = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    active: v.nullish(S.Boolean),
    createdOn: v.nullish(S.Datetime),
    deleted: v.nullish(S.Boolean),
    id: v.nullish(S.UUID),
    locked: v.nullish(S.Boolean),
    name: v.nullish(S.String),
    qualificationStepType: v.nullish(S.String),
    signingTemplateId: v.nullish(S.UUID),
    templateCopyOn: v.nullish(S.Datetime),
    templateUpdatedOn: v.nullish(S.Datetime),
    updatedOn: v.nullish(S.Datetime),
    vendorQualificationId: v.nullish(S.UUID),
  },
  "must be an object with the fields of MappedSigningTemplatePatch",
);
const UpdateMappedSigningTemplateByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: MappedSigningTemplatePatch,
  },
  "must be an object with the fields of UpdateMappedSigningTemplateByIdInput",
);
const OnboardingQuestionPatch = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    description: v.nullish(S.String),
    errorMessage: v.nullish(S.String),
    id: v.nullish(S.UUID),
    name: v.nullish(S.String),
    options: v.nullish(S.JSON),
    typeId: v.nullish(S.UUID),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of OnboardingQuestionPatch",
);
const UpdateOnboardingQuestionByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: OnboardingQuestionPatch,
  },
  "must be an object with the fields of UpdateOnboardingQuestionByIdInput",
);
const OnboardingQuestionSetPatch = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    active: v.nullish(S.Boolean),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    locked: v.nullish(S.Boolean),
    name: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
    vendorQualificationId: v.nullish(S.UUID),
  },
  "must be an object with the fields of OnboardingQuestionSetPatch",
);
const UpdateOnboardingQuestionSetByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: OnboardingQuestionSetPatch,
  },
  "must be an object with the fields of UpdateOnboardingQuestionSetByIdInput",
);
const RoundPatch = v.strictObject(
  {
    accreditationRequired: v.nullish(S.Boolean),
    assetId: v.nullish(S.UUID),
    closesOn: v.nullish(S.Datetime),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    managedUnits: v.nullish(S.BigFloat),
    name: v.nullish(S.String),
    opensOn: v.nullish(S.Datetime),
    price: v.nullish(S.BigFloat),
    securityId: v.nullish(S.UUID),
    selfCertificationAllowed: v.nullish(S.Boolean),
    status: v.nullish(S.String),
    termsUrl: v.nullish(S.String),
    total: v.nullish(S.BigFloat),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of RoundPatch",
);
const UpdateRoundByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: RoundPatch,
  },
  "must be an object with the fields of UpdateRoundByIdInput",
);
const SecurityPatch = v.strictObject(
  {
    blockchainAddressId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    issuerId: v.nullish(S.UUID),
    name: v.nullish(S.String),
    symbol: v.nullish(S.String),
    ticker: v.nullish(S.String),
    total: v.nullish(S.BigFloat),
    unitValue: v.nullish(S.BigFloat),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of SecurityPatch",
);
const UpdateSecurityByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: SecurityPatch,
  },
  "must be an object with the fields of UpdateSecurityByIdInput",
);
const SigningFieldPatch = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    mapTo: v.nullish(S.String),
    mappedSigningTemplateId: v.nullish(S.UUID),
    name: v.nullish(S.String),
    page: v.nullish(S.Int),
    role: v.nullish(S.String),
    signingDocumentId: v.nullish(S.UUID),
    type: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
    value: v.nullish(S.String),
    valueVariable: v.nullish(S.String),
  },
  "must be an object with the fields of SigningFieldPatch",
);
const UpdateSigningFieldByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: SigningFieldPatch,
  },
  "must be an object with the fields of UpdateSigningFieldByIdInput",
);
const SigningRolePatch = v.strictObject(
  {
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    mapTo: v.nullish(S.String),
    mappedSigningTemplateId: v.nullish(S.UUID),
    name: v.nullish(S.String),
    order: v.nullish(S.Int),
    toEmail: v.nullish(S.String),
    toName: v.nullish(S.String),
    type: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of SigningRolePatch",
);
const UpdateSigningRoleByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: SigningRolePatch,
  },
  "must be an object with the fields of UpdateSigningRoleByIdInput",
);
const TrancheBondDatumPatch = v.strictObject(
  {
    coupon: v.nullish(S.BigFloat),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    roundId: v.nullish(S.UUID),
    term: v.nullish(S.BigFloat),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of TrancheBondDatumPatch",
);
const UpdateTrancheBondDatumByRoundIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    patch: TrancheBondDatumPatch,
    roundId: S.UUID,
  },
  "must be an object with the fields of UpdateTrancheBondDatumByRoundIdInput",
);
const UsersAccountPatch = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    role: v.nullish(S.String),
    status: v.nullish(S.String),
    updatedOn: v.nullish(S.Datetime),
    userId: v.nullish(S.UUID),
  },
  "must be an object with the fields of UsersAccountPatch",
);
const UpdateUsersAccountByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: UsersAccountPatch,
  },
  "must be an object with the fields of UpdateUsersAccountByIdInput",
);
const VendorDefaultEmailPreferencePatch = v.strictObject(
  {
    accountId: v.nullish(S.UUID),
    createdOn: v.nullish(S.Datetime),
    id: v.nullish(S.UUID),
    sendDistribution: v.nullish(S.Boolean),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of VendorDefaultEmailPreferencePatch",
);
const UpdateVendorDefaultEmailPreferenceByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: VendorDefaultEmailPreferencePatch,
  },
  "must be an object with the fields of UpdateVendorDefaultEmailPreferenceByIdInput",
);
const VestingSchedulePatch = v.strictObject(
  {
    allocationId: v.nullish(S.UUID),
    automatic: v.nullish(S.Boolean),
    cliff: v.nullish(S.Int),
    createdOn: v.nullish(S.Datetime),
    distributionId: v.nullish(S.UUID),
    duration: v.nullish(S.String),
    id: v.nullish(S.UUID),
    periods: v.nullish(S.Int),
    startsOn: v.nullish(S.Datetime),
    updatedOn: v.nullish(S.Datetime),
  },
  "must be an object with the fields of VestingSchedulePatch",
);
const UpdateVestingScheduleByIdInput = v.strictObject(
  {
    clientMutationId: v.nullish(S.String),
    id: S.UUID,
    patch: VestingSchedulePatch,
  },
  "must be an object with the fields of UpdateVestingScheduleByIdInput",
);

export const VARIABLES = {
  addMappedSigningTemplateToQualifications: v.object(
    { input: AddMappedSigningTemplateToQualificationsInput },
    "must be an object",
  ),
  approveTransfer: v.object({ input: ApproveTransferInput }, "must be an object"),
  bulkAllocation: v.object({ input: BulkAllocationInput }, "must be an object"),
  bulkCustomers: v.object({ input: BulkCustomersInput }, "must be an object"),
  cancelPaymentTrade: v.object({ input: CancelPaymentTradeInput }, "must be an object"),
  cancelTransfer: v.object({ input: CancelTransferInput }, "must be an object"),
  completeChildStep: v.object({ input: CompleteChildStepInput }, "must be an object"),
  completeParentStep: v.object({ input: CompleteParentStepInput }, "must be an object"),
  completeStep: v.object({ input: CompleteStepInput }, "must be an object"),
  completeStepInPerson: v.object({ input: CompleteStepInPersonInput }, "must be an object"),
  confirmPaymentFunds: v.object({ input: ConfirmPaymentFundsInput }, "must be an object"),
  convertRound: v.object({ input: ConvertRoundInput }, "must be an object"),
  createAccountIntegration: v.object({ input: CreateAccountIntegrationInput }, "must be an object"),
  createAllocation: v.object({ input: CreateAllocationInput }, "must be an object"),
  createAllocationAnnotation: v.object({ input: CreateAllocationAnnotationInput }, "must be an object"),
  createAllocationEmailPreference: v.object({ input: CreateAllocationEmailPreferenceInput }, "must be an object"),
  createAllocationQualification: v.object({ input: CreateAllocationQualificationInput }, "must be an object"),
  createAsset: v.object({ input: CreateAssetInput }, "must be an object"),
  createAssetType: v.object({ input: CreateAssetTypeInput }, "must be an object"),
  createBrokerAllocation: v.object({ input: CreateBrokerAllocationInput }, "must be an object"),
  createDistributionAnnotation: v.object({ input: CreateDistributionAnnotationInput }, "must be an object"),
  createDistributionCustomField: v.object({ input: CreateDistributionCustomFieldInput }, "must be an object"),
  createDistributionPayment: v.object({ input: CreateDistributionPaymentInput }, "must be an object"),
  createDistributionPrice: v.object({ input: CreateDistributionPriceInput }, "must be an object"),
  createInvestorAccountType: v.object({ input: CreateInvestorAccountTypeInput }, "must be an object"),
  createMappedSigningTemplate: v.object({ input: CreateMappedSigningTemplateInput }, "must be an object"),
  createMappedSigningTemplateQuestionSet: v.object(
    { input: CreateMappedSigningTemplateQuestionSetInput },
    "must be an object",
  ),
  createOnboardingQuestion: v.object({ input: CreateOnboardingQuestionInput }, "must be an object"),
  createOnboardingQuestionJoin: v.object({ input: CreateOnboardingQuestionJoinInput }, "must be an object"),
  createOnboardingQuestionSet: v.object({ input: CreateOnboardingQuestionSetInput }, "must be an object"),
  createPaymentTrade: v.object({ input: CreatePaymentTradeInput }, "must be an object"),
  createSecurity: v.object({ input: CreateSecurityInput }, "must be an object"),
  createSigningTemplate: v.object({ input: CreateSigningTemplateInput }, "must be an object"),
  createVendorDefaultEmailPreference: v.object({ input: CreateVendorDefaultEmailPreferenceInput }, "must be an object"),
  createVestingSchedule: v.object({ input: CreateVestingScheduleInput }, "must be an object"),
  deleteAllocationQualificationById: v.object({ input: DeleteAllocationQualificationByIdInput }, "must be an object"),
  deleteDistributionById: v.object({ input: DeleteDistributionByIdInput }, "must be an object"),
  deleteDistributionCustomFieldById: v.object({ input: DeleteDistributionCustomFieldByIdInput }, "must be an object"),
  deleteDistributionPaymentById: v.object({ input: DeleteDistributionPaymentByIdInput }, "must be an object"),
  deleteDistributionQualificationById: v.object(
    { input: DeleteDistributionQualificationByIdInput },
    "must be an object",
  ),
  deleteHoldingDocument: v.object({ input: DeleteHoldingDocumentInput }, "must be an object"),
  deleteMappedSigningTemplateById: v.object({ input: DeleteMappedSigningTemplateByIdInput }, "must be an object"),
  deleteMappedSigningTemplateQuestionSetById: v.object(
    { input: DeleteMappedSigningTemplateQuestionSetByIdInput },
    "must be an object",
  ),
  deleteOnboardingQuestionJoinById: v.object({ input: DeleteOnboardingQuestionJoinByIdInput }, "must be an object"),
  deleteReferenceType: v.object({ input: DeleteReferenceTypeInput }, "must be an object"),
  deleteSecurityDocument: v.object({ input: DeleteSecurityDocumentInput }, "must be an object"),
  deployContract: v.object({ input: DeployContractInput }, "must be an object"),
  docusignSyncTemplateList: v.object({ input: DocusignSyncTemplateListInput }, "must be an object"),
  editDocumentSharingOption: v.object({ input: EditDocumentSharingOptionInput }, "must be an object"),
  endInPersonSession: v.object({ input: EndInPersonSessionInput }, "must be an object"),
  makeAllocationOfferingLink: v.object({ input: MakeAllocationOfferingLinkInput }, "must be an object"),
  makeBlockchainAddress: v.object({ input: MakeBlockchainAddressInput }, "must be an object"),
  makeCustomer: v.object({ input: MakeCustomerInput }, "must be an object"),
  makeDelegate: v.object({ input: MakeDelegateInput }, "must be an object"),
  makeDistribution: v.object({ input: MakeDistributionInput }, "must be an object"),
  makeDistributionQualifications: v.object({ input: MakeDistributionQualificationsInput }, "must be an object"),
  makeDividendPayment: v.object({ input: MakeDividendPaymentInput }, "must be an object"),
  makeDocumentSharingOption: v.object({ input: MakeDocumentSharingOptionInput }, "must be an object"),
  makeFormDefinition: v.object({ input: MakeFormDefinitionInput }, "must be an object"),
  makeFormQualification: v.object({ input: MakeFormQualificationInput }, "must be an object"),
  makeHoldingDocument: v.object({ input: MakeHoldingDocumentInput }, "must be an object"),
  makeIssuerAccount: v.object({ input: MakeIssuerAccountInput }, "must be an object"),
  makeRound: v.object({ input: MakeRoundInput }, "must be an object"),
  makeSecurityDocument: v.object({ input: MakeSecurityDocumentInput }, "must be an object"),
  makeTaRequestDistributionIssuances: v.object({ input: MakeTaRequestDistributionIssuancesInput }, "must be an object"),
  makeToken: v.object({ input: MakeTokenInput }, "must be an object"),
  makeTranche: v.object({ input: MakeTrancheInput }, "must be an object"),
  mapPaymentInstrument: v.object({ input: MapPaymentInstrumentInput }, "must be an object"),
  mapPaymentIssuer: v.object({ input: MapPaymentIssuerInput }, "must be an object"),
  nameTransferAgent: v.object({ input: NameTransferAgentInput }, "must be an object"),
  northCapitalSync: v.object({ input: NorthCapitalSyncInput }, "must be an object"),
  redeemUnits: v.object({ input: RedeemUnitsInput }, "must be an object"),
  rejectTransfer: v.object({ input: RejectTransferInput }, "must be an object"),
  requestTransfer: v.object({ input: RequestTransferInput }, "must be an object"),
  resendDelegateInvitation: v.object({ input: ResendDelegateInvitationInput }, "must be an object"),
  retryCorporateActionOnChain: v.object({ input: RetryCorporateActionOnChainInput }, "must be an object"),
  retryTransferOnChain: v.object({ input: RetryTransferOnChainInput }, "must be an object"),
  reviewAccreditation: v.object({ input: ReviewAccreditationInput }, "must be an object"),
  revokeDelegateInvitation: v.object({ input: RevokeDelegateInvitationInput }, "must be an object"),
  setAccountLogo: v.object({ input: SetAccountLogoInput }, "must be an object"),
  setAccountLogoLink: v.object({ input: SetAccountLogoLinkInput }, "must be an object"),
  setAccreditationValidity: v.object({ input: SetAccreditationValidityInput }, "must be an object"),
  setAssetTypeAccountingType: v.object({ input: SetAssetTypeAccountingTypeInput }, "must be an object"),
  setTransferRules: v.object({ input: SetTransferRulesInput }, "must be an object"),
  setupAccountInPerson: v.object({ input: SetupAccountInPersonInput }, "must be an object"),
  signStepOffline: v.object({ input: SignStepOfflineInput }, "must be an object"),
  splitSecurity: v.object({ input: SplitSecurityInput }, "must be an object"),
  startInPersonSession: v.object({ input: StartInPersonSessionInput }, "must be an object"),
  submitAccreditation: v.object({ input: SubmitAccreditationInput }, "must be an object"),
  swapTokenChain: v.object({ input: SwapTokenChainInput }, "must be an object"),
  tokenizeHoldings: v.object({ input: TokenizeHoldingsInput }, "must be an object"),
  transferOwnership: v.object({ input: TransferOwnershipInput }, "must be an object"),
  unwindPaymentTrade: v.object({ input: UnwindPaymentTradeInput }, "must be an object"),
  updateAccountById: v.object({ input: UpdateAccountByIdInput }, "must be an object"),
  updateAddressById: v.object({ input: UpdateAddressByIdInput }, "must be an object"),
  updateAllocationById: v.object({ input: UpdateAllocationByIdInput }, "must be an object"),
  updateAllocationEmailPreferenceById: v.object(
    { input: UpdateAllocationEmailPreferenceByIdInput },
    "must be an object",
  ),
  updateAllocationQualificationById: v.object({ input: UpdateAllocationQualificationByIdInput }, "must be an object"),
  updateAssetById: v.object({ input: UpdateAssetByIdInput }, "must be an object"),
  updateAssetTypeByType: v.object({ input: UpdateAssetTypeByTypeInput }, "must be an object"),
  updateBrokerAllocationById: v.object({ input: UpdateBrokerAllocationByIdInput }, "must be an object"),
  updateCustomerById: v.object({ input: UpdateCustomerByIdInput }, "must be an object"),
  updateDistributionById: v.object({ input: UpdateDistributionByIdInput }, "must be an object"),
  updateDistributionCustomFieldById: v.object({ input: UpdateDistributionCustomFieldByIdInput }, "must be an object"),
  updateDistributionPaymentById: v.object({ input: UpdateDistributionPaymentByIdInput }, "must be an object"),
  updateDistributionQualificationOrder: v.object(
    { input: UpdateDistributionQualificationOrderInput },
    "must be an object",
  ),
  updateDocumentSharingAllowedShareById: v.object(
    { input: UpdateDocumentSharingAllowedShareByIdInput },
    "must be an object",
  ),
  updateMappedSigningTemplateById: v.object({ input: UpdateMappedSigningTemplateByIdInput }, "must be an object"),
  updateOnboardingQuestionById: v.object({ input: UpdateOnboardingQuestionByIdInput }, "must be an object"),
  updateOnboardingQuestionSetById: v.object({ input: UpdateOnboardingQuestionSetByIdInput }, "must be an object"),
  updateRoundById: v.object({ input: UpdateRoundByIdInput }, "must be an object"),
  updateSecurityById: v.object({ input: UpdateSecurityByIdInput }, "must be an object"),
  updateSigningFieldById: v.object({ input: UpdateSigningFieldByIdInput }, "must be an object"),
  updateSigningRoleById: v.object({ input: UpdateSigningRoleByIdInput }, "must be an object"),
  updateTrancheBondDatumByRoundId: v.object({ input: UpdateTrancheBondDatumByRoundIdInput }, "must be an object"),
  updateUsersAccountById: v.object({ input: UpdateUsersAccountByIdInput }, "must be an object"),
  updateVendorDefaultEmailPreferenceById: v.object(
    { input: UpdateVendorDefaultEmailPreferenceByIdInput },
    "must be an object",
  ),
  updateVestingScheduleById: v.object({ input: UpdateVestingScheduleByIdInput }, "must be an object"),
} as const;
