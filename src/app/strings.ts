// Texts of the app layer's own screens (the route error; docs/CLIENT.md "Structure").

export const APP_TEXT = {
  tryAgain: "Try again",
};
