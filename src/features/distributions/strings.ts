// The distributions report's own texts (the spec's messages stay in domain/messages.ts).

export const DISTRIBUTIONS_TEXT = {
  title: "Distributions",
  investor: "Investor",
  email: "Email",
  allocation: "Allocation",
  units: "Units",
  price: "Price",
  noPrice: "No Price",
  paidIn: "Paid In",
  status: "Status",
  createdOn: "Created On",
  empty: "No Distributions Found",
};
