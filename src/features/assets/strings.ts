// The asset screens' own texts: the asset and round dialogs (the spec's messages stay in domain/messages.ts).

export const ASSET_DIALOG_TEXT = {
  createTitle: "Create asset",
  editTitle: "Edit asset",
  name: "Name",
  authorizedTotal: "Authorized total",
  type: "Type",
  status: "Status",
  typeFixed: "The type of an existing asset cannot change.",
};

export const ROUND_DIALOG_TEXT = {
  createTitle: "Create round",
  editTitle: "Edit round",
  debtDescription: "A debt round: term in years, coupon in percent.",
  name: "Name",
  opensOn: "Opens on",
  closesOn: "Closes on",
  termsUrl: "Dataroom Url",
  price: "Price",
  total: "Total",
  coupon: "Coupon (%)",
  term: "Term (years)",
  status: "Status",
  latestPrice: (security: string) => `Latest price of ${security}`,
};

/** The buttons of the asset, round and security dialogs. */
export const DIALOG_BUTTONS = { cancel: "Cancel", save: "Save", create: "Create" };
