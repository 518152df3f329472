// The update banner's texts.

export const UPDATE_TEXT = {
  held: "Your offline changes are still being sent. The new version will load as soon as they are.",
  ready: "A new version of Ledgerline is available.",
  later: "Later",
  update: "Update",
};
