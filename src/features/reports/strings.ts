// The reports page's texts.

export const REPORTS_TEXT = {
  title: "Download Reports",
  capTable: "Cap Table",
  capTableDescription: "Issued holdings by investor, asset, round and security.",
  contacts: "Contacts",
  contactsDescription: "Your contacts with their account names and emails.",
  none: "No Reports Available",
  offline: "You are offline: reports are made on this device from its synced data.",
  download: "Download",
};
