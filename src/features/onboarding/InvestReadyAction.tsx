// "Verify with InvestReady" on an accreditation step (docs/ACCREDITATION.md "InvestReady"): asks the server for the
// step's credential (POST /api/v2/integration/investready-credential, the spec's route) and opens the provider's page
// in a new tab. It is not framed as the async iframe steps' built-in page is: InvestReady's sign-in is another site
// (the app's Content-Security-Policy frames only its own pages and DocuSign's) and the server's callback page refuses
// to be framed. The provider's answer reaches the step through the server and the replica. Needs the network.
import { css } from "../../../styled-system/css";
import { Spinner } from "../../ui/icons.tsx";
import { ErrorBlock } from "../../ui/index.ts";
import { asyncCredential, providerPageUrl } from "./integration.ts";
import { ProviderLink } from "./ProviderLink.tsx";
import { INVESTREADY_TEXT as T } from "./strings.ts";
import { useStepAnswer } from "./use-step-answer.ts";

export function InvestReadyAction({ stepId }: { stepId: string }) {
  const { value: url, failed } = useStepAnswer(() => asyncCredential(stepId).then(providerPageUrl), [stepId]);
  if (failed) return <ErrorBlock text={T.failed} />;
  if (!url) return <Spinner />;
  return (
    <ProviderLink
      href={url}
      note={T.newTab}
      className={css({ display: "flex", flexDirection: "column", gap: "2" })}
      testId="investready-link"
    >
      {T.continue}
    </ProviderLink>
  );
}
