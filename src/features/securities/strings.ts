// The securities screens' own texts: the security dialog (the spec's messages stay in domain/messages.ts).

export const SECURITY_DIALOG_TEXT = {
  title: "Create security",
  name: "Name",
  total: "Total",
  symbol: "Symbol",
  optional: "Optional",
};
