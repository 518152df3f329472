// The Delegates tab's texts (spec part 2 sections 2 and 5: the delegate form's and the transfer's messages).

export const DELEGATES_TEXT = {
  title: "Delegates",
  addDelegate: "Add Delegate",
  editDelegate: "Edit Delegate",
  edit: "Edit",
  editOf: (name: string) => `Edit ${name}`,
  save: "Save",
  cancel: "Cancel",
  name: "Name",
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  role: "Role",
  status: "Status",
  owner: "Owner",
  admin: "Admin",
  viewer: "Viewer",
  active: "Active",
  suspended: "Suspended",
  none: "No delegates found.",
  sortBy: (column: string, arrow: string) => `${column}${arrow}`,
  sortByLabel: "Sort by",
  viewersReadOnly: "Only owners and admins can change delegates.",
  ownerNotEditable: "The owner cannot be edited.",
  // form messages (spec part 2 section 5)
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  emailRequired: "Email is required.",
  emailInvalid: "Enter a valid email address.",
  roleRequired: "Role is required.",
  statusRequired: "Status is required.",
  added: (email: string) =>
    `${email} will be added. A person without a Ledgerline sign-in gets an invitation by email.`,
  updated: "Delegate saved.",
  // Transfer Ownership (the owner only)
  transferOwnership: "Transfer Ownership",
  transferDescription:
    "The new owner must be a delegate of this account; anyone else is invited by email and becomes the owner when " +
    "they accept. You become an admin, and both of you must sign in again.",
  newOwnerEmail: "New owner's email",
  transfer: "Transfer",
  validEmailRequired: "A valid email is required.",
  transferQueued: "The transfer is on its way. You will be asked to sign in again.",
} as const;

export const ROLE_LABELS: Readonly<Record<string, string>> = {
  account_owner: DELEGATES_TEXT.owner,
  account_admin: DELEGATES_TEXT.admin,
  account_viewer: DELEGATES_TEXT.viewer,
};

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  active: DELEGATES_TEXT.active,
  suspended: DELEGATES_TEXT.suspended,
};

// Pending invitations (listed under the delegates)
export const INVITATIONS_TEXT = {
  title: "Pending invitations",
  name: "Name",
  email: "Email",
  role: "Role",
  status: "Status",
  actions: "Actions",
  invited: "Invited",
  expired: "Expired",
  becomesOwner: "Owner (on acceptance)",
  expiresOn: (date: string) => `link valid until ${date}`,
  expiredOn: (date: string) => `link expired ${date}: resend it`,
  resend: "Resend",
  revoke: "Revoke",
  resendOf: (email: string) => `Resend the invitation to ${email}`,
  revokeOf: (email: string) => `Revoke the invitation to ${email}`,
  confirmRevoke: (email: string) => `Revoke the invitation to ${email}? Its link stops working.`,
  resending: "Resend waiting to be sent",
  revoking: "Revoke waiting to be sent",
} as const;
