// Payments: the investor's payment step and the payment provider page (docs/PAYMENTS.md).
// The feature's public entry: other features and routes import it from here only (docs/CLIENT.md "Structure").
export { InvestorPayment, PaymentStepAction, PaymentTargetContext } from "./InvestorPayment.tsx";
export { PaymentProviderPage } from "./PaymentProviderPage.tsx";
