// The in-person session's words (docs/CLIENT.md "In-person sessions"); the code's rule and texts: domain/in-person.ts.

export const IN_PERSON_CARD_TEXT = {
  title: "With the investor",
  start: "Complete with the investor",
  intro: (investor: string) =>
    `Hand this device to ${investor} to complete their open steps here, with or without a network. What they do is recorded as theirs, done with you on this device.`,
  noOpenSteps: "The investor has no open steps.",
  stepsNotSynced: "The onboarding steps appear here once they have synced.",
  steps: "Onboarding steps",
  step: "Step",
  status: "Status",
  complete: "Complete",
  open: "Open",
  codeTitle: "Set a code to take the device back",
  codeDescription:
    "The investor cannot leave the screen without this code. It is kept on this device only, and only in a form that cannot be read back.",
  code: "Code (4 to 6 digits)",
  repeat: "The code again",
  begin: "Hand over the device",
  cancel: "Cancel",
};

export const FOCUSED_TEXT = {
  heading: (investor: string) => `Completing with ${investor}`,
  intro: "Your steps, in order. Everything is kept on this device and sent when it is online.",
  offline: "No network: your answers are kept on this device and sent later.",
  handBack: "Hand back",
  handBackTitle: "Hand the device back",
  handBackDescription: "The host enters their code to leave this screen.",
  code: "Host's code",
  confirm: "Leave",
  stay: "Stay",
  ended: "This session is not open on this device.",
  home: "Go to your home page",
  accountDetailsTitle: "Account details",
  accountDetails: (investor: string) =>
    `Who is investing: ${investor}'s details, as the law requires. They are kept on this device and sent when it is online.`,
  accountDetailsDone: (investor: string) =>
    `Account details done. After this session, ${investor} receives a mail with the link to claim their account and a copy of what they signed.`,
  notOnDevice: "This investor's steps are not on this device yet.",
};
