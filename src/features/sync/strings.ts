// The sync status's texts: the top bar's button, the review dialog and the forms that correct a rejected change.

export const SYNC_TEXT = {
  ariaLabel: (label: string, detail: string) => `Sync status: ${label}. ${detail}`,
  title: "Sync status",
  changesNotYetApplied: "Changes not yet applied",
  /** The hint under a rejected change that has a form (editors.tsx). */
  editHint: "Edit it to correct the values and send it again, resend it as it is, or discard it.",
  /** Followed by the day the change was made. */
  madePrefix: "Made ",
  discard: "Discard",
  resend: "Resend",
  edit: "Edit",
  /** A file of a change (or one on its own) that is still on this device, by name and size. */
  fileWaiting: (name: string, size: string) => `${name} (${size}) is waiting on this device to upload.`,
  fileRefused: (name: string, size: string) => `${name} (${size}) was refused:`,
  fileKept: (name: string, size: string) => `${name} (${size}) is kept on this device.`,
  filesOnTheirOwn: "Files on this device",
  discardFileLabel: (name: string) => `Discard ${name}`,
};

/** A queued change's status, by outbox status. */
export const SYNC_STATUS_TEXT: Record<string, string> = {
  pending: "Waiting to be sent",
  rejected: "Rejected",
  accepted: "Sent",
};

/** The editable kinds of change (editors.tsx). */
export const SYNC_EDITOR_TEXT = {
  invitation: "Invitation",
  newContact: "New contact",
  contactEdit: "Contact edit",
  units: (amount: string) => `${amount} units`,
};

/** The form that corrects a contact edit. */
export const CONTACT_UPDATE_TEXT = {
  title: "Correct contact",
  cancel: "Cancel",
  sendAgain: "Send again",
};
