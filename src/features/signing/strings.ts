// The signing page's texts (spec part 2 "Signing page", sections 4, 5, 8 and 9) and the investor's signing step.
// The spec's own texts are kept as written (including 'please try agian.').

export const SIGNING_TEXT = {
  breadcrumb: "Signing",
  templates: "Templates",
  test: "Test",
  back: "Back",

  // left panel
  signingAccount: "Signing account",
  syncTemplateList: "Sync template list",
  syncing: "Syncing…",
  syncedOn: "Synced on",
  neverSynced: "Never synced",
  syncError: "Error loading templates, please try agian.",
  syncFailed: "Sync failed",
  templateLoading: "Reading the template's roles and fields…",
  syncNeedsNetwork: "Syncing templates needs the network: you are offline.",
  noSigningAccount: "The signing account appears here once it has synced to this device.",
  templateDetails: "Template",
  mappedTemplateDetails: "Mapped template",
  document: "Document",
  name: "Name",
  description: "Description",
  updatedOn: "Updated on",
  copiedOn: "Copied on",
  status: "Status",
  signingType: "Signing type",
  uploadTemplate: "Upload a PDF template",
  uploadHint: "A PDF with form fields: roles and fields are read from the field names.",
  uploading: "Uploading…",
  uploadOffline: "You are offline: a template chosen now is kept on this device and added when you reconnect.",
  uploadFailed: "The template could not be uploaded.",

  // mapped template
  newMappedTemplate: "New mapped template",
  create: "Create",
  save: "Save",
  cancel: "Cancel",
  locked: "Locked",
  unlocked: "Unlocked",
  lock: "Lock",
  active: "Active",
  inactive: "Inactive",
  deleted: "Deleted",
  delete: "Delete",
  deleteConfirm: "Are you sure you'd like to delete this?",
  editableWhileUnlocked: "Editable only while unlocked.",
  lockToActivate: "Map every role (and every field's value) before locking.",
  lockIsFinal: "Locking is final: a locked template can only be activated or deactivated.",
  addToQualifications: "Add to qualifications",
  inQualifications: "In qualifications",
  testMapping: "Test mapping",
  readOnly: "Only owners and admins can change signing templates.",
  queuedOffline: "Saved on this device: sent when you are back online.",

  // right panel
  mappedTemplates: "Mapped templates",
  sentDocuments: "Sent documents",
  documents: "Documents",
  roles: "Roles",
  questions: "Questions",
  fields: "Fields",
  noTemplates: "No templates found.",
  noMappedTemplates: "No mapped templates yet.",
  noDocumentsSent: "No documents sent yet.",
  noDocuments: "No documents found. Sync template to load documents.",
  noFields: "No custom mapping fields",
  noQuestionSets: "No question sets attached.",
  notVerified: "not verified",
  sentTo: "Sent to",
  sentOn: "Sent on",
  download: "Download",
  role: "Role",
  mapTo: "Map to",
  toName: "To name",
  toEmail: "To email",
  value: "Value",
  notMapped: "not mapped",
  mapped: "Mapped",
  questionSet: "Question set",
  addQuestionSet: "Add",
  remove: "Remove",

  // the test page
  testTitle: "Test mapping",
  testIntro:
    "Each field shows the mock value it is filled with: the mapping field's test value, or the mapping's own value.",
  mockValue: "Mock value",
  field: "Field",
  recipient: "Recipient",
  preview: "Preview the filled PDF",
  previewNeedsNetwork: "The preview needs the network: you are offline.",
} as const;

/** The template warnings of spec section 8 (the spec shows the first words; the rest says what follows). */
export const SIGNING_WARNINGS = {
  mappedDeleted: "Mapped template has been deleted. It can no longer be used in qualifications.",
  changed: "Change detected in the template since this copy was made. Review the mapping before using it again.",
  templateDeleted: "Template has been deleted, new mapped templates cannot be created from this template.",
  edited: "Mapped template has been edited. Template usage disabled until it is activated.",
} as const;

/** Validation texts (spec section 5). */
export const SIGNING_VALIDATION = {
  templateName: "Template name is required.",
  mappingRequired: "Mapping required.",
  validEmail: "Valid email required",
  staticEmail: "To email required for static field.",
  staticName: "To name required for static field.",
  fieldMapTo: "Name is required.",
  fieldValue: (mapTo: string) => `Value required for ${mapTo} field.`,
  questionSet: "Please select a question set to add.",
} as const;

/** Signing type values (spec section 9) and their labels. */
export const SIGNING_TYPES = [
  { value: "inline", label: "Inline (signs in the onboarding page)" },
  { value: "email", label: "Email (a signing link is sent by e-mail)" },
] as const;

/** Mapping field names left out of the pick list (spec section 9). */
export const EXCLUDED_MAPPING_FIELDS: readonly string[] = ["error", "not supported", "template provided"];

/** The investor's signing step. */
export const SIGNING_STEP_TEXT = {
  review: "Review the document",
  consent: "I agree to sign this document electronically and that my typed name is my signature.",
  typedName: "Type your full name to sign",
  nameRequired: "Type your full name to sign.",
  consentRequired: "Please agree to sign electronically.",
  sign: "Sign",
  signing: "Signing…",
  signed: "Signed.",
  needsNetwork: "Signing needs the network: you are offline. Come back to this step when you are online.",
  emailSent: "A signing link has been sent to your e-mail address. This step completes once you have signed.",
  emailHint: "This document is signed by e-mail: we send you a link to this step.",
  sendLink: "E-mail me the signing link",
  loadError: "The document could not be loaded. Please try again.",
  signError: "Error. Please try again.",
  download: "Download the document",
  open: "Sign the document",
  openInNewTab: "Open the signing page in a new tab.",
  opensInNewTab: "This step updates by itself when you are done.",
  // signing offline (docs/SIGNING.md "Signing offline")
  offlineIntro:
    "You are offline. You can sign the document kept on this device: it is sealed when the device is back online, if the document has not changed meanwhile.",
  offlineNotKept:
    "Signing needs the network: this document is not kept on this device yet. Open this step once while online to be able to sign it offline.",
  offlineDocusign:
    "This document is signed with DocuSign, which needs the network. Come back to this step when you are online.",
  offlineDocument: "Open the document",
  offlineValues: "The document will carry these values",
} as const;
