// The account settings' texts.

export const SETTINGS_TEXT = {
  accountSettings: "Account Settings",
  settings: "Settings",
  accountDetails: "Account details",
  name: "Name",
  email: "Email",
  url: "URL",
  supportEmail: "Support email",
  twitterHandle: "Twitter handle",
  slug: "Slug",
  /** Shown for a detail the account has not set. */
  none: "—",
  /** Prefixed to the Twitter handle. */
  twitterPrefix: "@",
  defaultSettings: "Default Settings",
  emailNotifications: "Email notifications",
  emailNotificationsHint: "Send investors an email when a distribution is sent to them.",
  sendDistributionEmails: "Send distribution emails",
  ownersAndAdminsOnly: "Only owners and admins can change default settings.",
};
